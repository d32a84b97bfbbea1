// Progress on stderr: an ora spinner on a terminal, otherwise one plain timestamped line per
// change of phase (CI logs), nothing with --quiet or --json-only consumers that ask for it.
// The spinner shows the time since it started after its text, redrawn with every frame, so
// the seconds tick on even while nothing else happens (a poll that waits, a slow answer).
import type { OutStream } from './stream.js';
import { formatDuration } from '../shared/duration.js';
import { rawStream } from './terminal-guard.js';
import { terminalText } from './terminal-text.js';

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
  /** false: no elapsed time after the spinner's text (default: shown). */
  elapsed?: boolean;
  /** What the elapsed time counts from (default: the spinner's start). */
  startedAt?: number;
  /** The first text (a spinner then never shows without one). */
  text?: string;
}

/** Elapsed time in whole seconds: `0s`, `42s`, `2m5s`. */
export function elapsedText(ms: number): string {
  return ms < 1000 ? '0s' : formatDuration(Math.floor(ms / 1000) * 1000);
}

/** Whether a spinner can run on this stream (ora loops at 100% CPU on a 0-column TTY). */
export function spinnerFits(opts: Pick<ProgressOptions, 'stream' | 'interactive'>): boolean {
  return opts.interactive && !!opts.stream.isTTY && (opts.stream.columns ?? 0) > 0;
}

export async function createProgress(opts: ProgressOptions): Promise<Progress> {
  if (opts.quiet) return { update() {}, done() {}, stop() {} };
  if (spinnerFits(opts)) {
    const { default: ora } = await import('ora');
    const started = opts.startedAt ?? opts.now();
    // ora draws with escapes of its own (cursor, line clears): it gets the stream under the
    // terminal guard, and every text it shows is made safe here instead.
    const spinner = ora({ stream: rawStream(opts.stream) as NodeJS.WritableStream, discardStdin: false, isEnabled: true, text: terminalText(opts.text ?? '') });
    if (opts.elapsed !== false) spinner.suffixText = () => `· ${elapsedText(opts.now() - started)}`;
    spinner.start();
    return {
      update: (text) => {
        spinner.text = terminalText(text);
      },
      // The final line says what happened, without a running clock behind it.
      done: (text, ok) => {
        spinner.suffixText = '';
        if (ok) spinner.succeed(terminalText(text));
        else spinner.fail(terminalText(text));
      },
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
