// The flags of every waiting command: --wait, --timeout, --interval and --progress, parsed once.
import { CliError } from '../../../cli/errors.js';
import { choice, flag, option } from '../../../cli/command.js';
import { durationOption } from '../../../cli/options.js';
import { ExitCode } from '../../../shared/exit-codes.js';

export interface WaitFlags {
  wait: boolean;
  timeoutMs: number;
  intervalMs: number;
  /** `json`: NDJSON progress events on stderr instead of the human progress (absent: text). */
  progress?: ProgressFormat;
}

export const PROGRESS_FORMATS = ['text', 'json'] as const;
export type ProgressFormat = (typeof PROGRESS_FORMATS)[number];

export const DEFAULT_TIMEOUT_MS = 15 * 60_000;
export const DEFAULT_INTERVAL_MS = 5_000;

/** `--progress json` of every waiting command (the rollouts' and the operations'). */
export function progressOption() {
  return choice(
    '--progress <format>',
    'progress while waiting: text (default) or json (NDJSON on stderr: one event {time, id, generation, phase, summary, health, operation, elapsed_seconds} per change, then a final one with the outcome)',
    PROGRESS_FORMATS,
  );
}

/** --wait, --timeout and --interval of an asynchronous action. */
export function operationWaitOptions(what: string) {
  return {
    wait: flag('--wait', `wait until the ${what} finishes (exit 0 done, 1 failed, 6 timeout)`),
    timeout: option('--timeout <duration>', 'give up waiting after this long, e.g. 90s, 15m (default 15m; the operation goes on)', durationOption('--timeout', { min: 1_000 })),
    interval: option('--interval <duration>', 'longest pause between status checks (default 5s)', durationOption('--interval', { min: 100 })),
    progress: progressOption(),
  };
}

/** --wait/--timeout/--interval/--progress: the last three mean nothing without --wait (`always` for the wait commands). */
export function waitFlagsOf(opts: { wait?: boolean; timeout?: number; interval?: number; progress?: ProgressFormat }, always = false, what = 'the operation'): WaitFlags {
  const wait = always || opts.wait === true;
  const stray = (['timeout', 'interval', 'progress'] as const).find((k) => opts[k] !== undefined);
  if (!wait && stray) throw new CliError(ExitCode.USAGE, `--${stray} applies only with --wait`, `add --wait to wait for ${what}`);
  return { wait, timeoutMs: opts.timeout ?? DEFAULT_TIMEOUT_MS, intervalMs: opts.interval ?? DEFAULT_INTERVAL_MS, progress: opts.progress ?? 'text' };
}

/** The same flags with what is left of the time limit after `spentMs` (a settle before the change, a deploy's build), at least `floorMs`. */
export function remaining(flags: WaitFlags, spentMs: number, floorMs = 1): WaitFlags {
  return { ...flags, timeoutMs: Math.max(floorMs, flags.timeoutMs - spentMs) };
}
