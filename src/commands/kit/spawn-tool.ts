// Starting a program of the user's machine (ssh, the browser opener) for a command: by name
// from PATH with an argument vector, never through a shell, so nothing the server sent (an
// address, a URL) is ever read as shell syntax. node:child_process is loaded only here, when
// such a command runs: every other command starts without it.
import { CliError } from '../../cli/errors.js';
import { ExitCode } from '../../shared/exit-codes.js';

export interface ToolRun {
  /** The program's exit code; for a program ended by a signal, 128 + the signal's number. */
  code: number;
}

const SIGNALS: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGKILL: 9, SIGTERM: 15 };

/**
 * Runs `command args` with the terminal handed over (stdin, stdout and stderr inherited) and
 * resolves with its exit code. A program that is not on PATH is a CliError naming it.
 */
export interface ToolOptions {
  env: Record<string, string | undefined>;
  detached?: boolean;
  install?: string;
  /**
   * While the program owns the terminal, Ctrl-C is its key (psql cancels a query, ssh passes it
   * on): the terminal sends it to both processes, and ours must not end under it. The entry's
   * hold (Context.holdInterrupts) is taken for as long as the program runs.
   */
  holdInterrupts?: () => () => void;
  /** Aborted (SIGTERM: a CI job cancelled): passed on to the program as SIGTERM. */
  signal?: AbortSignal;
}

export async function runTool(command: string, args: readonly string[], opts: ToolOptions): Promise<ToolRun> {
  const release = opts.detached ? undefined : opts.holdInterrupts?.();
  try {
    return await started(command, args, opts);
  } finally {
    release?.();
  }
}

function started(command: string, args: readonly string[], opts: ToolOptions): Promise<ToolRun> {
  const { spawn } = process.getBuiltinModule('node:child_process');
  return new Promise((resolve, reject) => {
    const env = Object.fromEntries(Object.entries(opts.env).filter((e): e is [string, string] => e[1] !== undefined));
    const child = spawn(command, [...args], { stdio: opts.detached ? 'ignore' : 'inherit', env, shell: false, detached: opts.detached ?? false });
    child.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') reject(new CliError(ExitCode.FAILED, `${command} was not found on PATH`, opts.install));
      else reject(new CliError(ExitCode.FAILED, `${command} could not be started: ${err.message}`));
    });
    if (opts.detached) {
      // A browser outlives the command: not waited for, only its start is.
      child.on('spawn', () => {
        child.unref();
        resolve({ code: 0 });
      });
      return;
    }
    const stop = () => child.kill('SIGTERM');
    opts.signal?.addEventListener('abort', stop, { once: true });
    child.on('close', (code, signal) => {
      opts.signal?.removeEventListener('abort', stop);
      resolve({ code: code ?? (signal ? 128 + (SIGNALS[signal] ?? 0) : 1) });
    });
  });
}
