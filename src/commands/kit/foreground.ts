// Programs the user drives (psql, mysql, redis-cli, ssh) get the terminal for as long as they
// run: their output is theirs (a person's own session, as with `ssh`), our streams stay out of
// its way, and their exit code becomes ours. Secrets reach them through the environment or a
// 0600 file in a 0700 folder, never argv: argv is world-readable (`ps`, /proc/<pid>/cmdline).
import { spawn } from 'node:child_process';
import { accessSync, constants as fsConstants, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { constants as osConstants, tmpdir } from 'node:os';
import { delimiter, isAbsolute, join } from 'node:path';
import type { App } from '../../cli/app.js';
import { CliError } from '../../cli/errors.js';
import { ExitCode } from '../../shared/exit-codes.js';

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
 * Runs the program on our terminal and resolves to its exit code (128 + signal number when a
 * signal ended it, as shells report). While it runs, Ctrl-C is the program's: the terminal sends
 * it to both processes and psql cancels a query with it, so ours must not end the session
 * under it (bin/infra holds interrupts). SIGTERM (a CI job cancelled) is passed on.
 */
export async function runForeground(app: App, program: ForegroundProgram): Promise<ExitCode> {
  const release = app.ctx.holdInterrupts?.();
  try {
    return await new Promise<ExitCode>((resolve, reject) => {
      const child = spawn(program.path, [...program.args], { stdio: 'inherit', env: { ...definedOnly(app.ctx.env), ...program.env } });
      const stop = () => child.kill('SIGTERM');
      app.ctx.signal.addEventListener('abort', stop, { once: true });
      child.once('error', (err) => {
        app.ctx.signal.removeEventListener('abort', stop);
        reject(new CliError(ExitCode.FAILED, `could not start ${program.name} (${program.path}): ${err.message}`));
      });
      child.once('exit', (code, signal) => {
        app.ctx.signal.removeEventListener('abort', stop);
        const bySignal = signal ? 128 + (osConstants.signals[signal] ?? 0) : undefined;
        // Widened here as runExitCode widens a run's: the program's own code passes through.
        resolve((code ?? bySignal ?? ExitCode.FAILED) as ExitCode);
      });
    });
  } finally {
    release?.();
  }
}

function definedOnly(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
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
