// Progress on stderr: an ora spinner on a terminal, otherwise one plain timestamped line per
// change of phase (CI logs), nothing with --quiet or --json-only consumers that ask for it.
import type { OutStream } from './stream.js';

export interface Progress {
  /** Sets the current phase; on a pipe a line is printed only when the text changes. */
  update(text: string): void;
  /** Ends with a final line. */
  done(text: string, ok: boolean): void;
  stop(): void;
}

export interface ProgressOptions {
  stream: OutStream;
  quiet: boolean;
  interactive: boolean;
  now: () => number;
}

export async function createProgress(opts: ProgressOptions): Promise<Progress> {
  if (opts.quiet) return { update() {}, done() {}, stop() {} };
  const columns = opts.stream.columns ?? 0;
  if (opts.interactive && opts.stream.isTTY && columns > 0) {
    const { default: ora } = await import('ora');
    const spinner = ora({ stream: opts.stream as NodeJS.WritableStream, discardStdin: false, isEnabled: true }).start();
    return {
      update: (text) => {
        spinner.text = text;
      },
      done: (text, ok) => (ok ? spinner.succeed(text) : spinner.fail(text)),
      stop: () => spinner.stop(),
    };
  }
  let last = '';
  return {
    update(text) {
      if (text === last) return;
      last = text;
      opts.stream.write(`${new Date(opts.now()).toISOString()} ${text}\n`);
    },
    done(text) {
      opts.stream.write(`${new Date(opts.now()).toISOString()} ${text}\n`);
    },
    stop() {},
  };
}
