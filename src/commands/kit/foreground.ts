// Programs the user drives (psql, mysql, redis-cli, ssh) get the terminal for as long as they
// run: their output is theirs (a person's own session, as with `ssh`), our streams stay out of
// its way, and their exit code becomes ours. Secrets reach them through the environment or a
// 0600 file in a 0700 folder, never argv: argv is world-readable (`ps`, /proc/<pid>/cmdline).
import { accessSync, constants as fsConstants, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, isAbsolute, join } from 'node:path';
import type { App } from '../../cli/app.js';
import type { ExitCode } from '../../shared/exit-codes.js';
import { runTool } from './spawn-tool.js';

/** Where PATH finds the first of `names` that is an executable file; undefined when none is. */
export function findProgram(env: Record<string, string | undefined>, names: readonly string[]): { name: string; path: string } | undefined {
  // A relative PATH entry (".", "") would run whatever the current folder holds under that name.
  const dirs = (env.PATH ?? '').split(delimiter).filter((d) => d && isAbsolute(d));
  const suffixes = process.platform === 'win32' ? ['.exe', ''] : [''];
  for (const name of names) {
    for (const dir of dirs) {
      for (const suffix of suffixes) {
        const path = join(dir, name + suffix);
        try {
          if (!statSync(path).isFile()) continue;
          accessSync(path, fsConstants.X_OK);
          return { name, path };
        } catch {
          // not here
        }
      }
    }
  }
  return undefined;
}

export interface ForegroundProgram {
  /** What findProgram found. */
  path: string;
  /** The program's name, for messages. */
  name: string;
  args: readonly string[];
  /** Added to the environment the command was given (secrets go here, never in args). */
  env?: Record<string, string>;
}

/**
 * Runs the program on our terminal (kit/spawn-tool.ts: argv, no shell, Ctrl-C the program's
 * while it runs, SIGTERM passed on) and resolves to its exit code, which becomes ours.
 */
export async function runForeground(app: App, program: ForegroundProgram): Promise<ExitCode> {
  const { code } = await runTool(program.path, program.args, {
    env: { ...app.ctx.env, ...program.env },
    ...(app.ctx.holdInterrupts ? { holdInterrupts: app.ctx.holdInterrupts } : {}),
    signal: app.ctx.signal,
  });
  // Widened here as runExitCode widens a run's: the program's own code passes through.
  return code as ExitCode;
}

/**
 * `fn` gets the path of a file holding `content`, readable by this user only, removed (with
 * its folder) when fn ends however it ends. Only a SIGKILL of this process can leave it behind,
 * in a 0700 folder of the temporary directory.
 */
export async function withSecretFile<T>(name: string, content: string, fn: (path: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'infra-'));
  try {
    const path = join(dir, name);
    await writeFile(path, content, { mode: 0o600, flag: 'wx' });
    return await fn(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
