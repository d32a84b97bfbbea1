// commander argParsers shared by commands: each names its flag in the error (exit 2 before
// any request). The pure parsing they wrap lives in src/shared.
import { InvalidArgumentError } from 'commander';
import { MAX_TIMER_MS } from '../client/clock.js';
import { formatDuration, parseDuration } from '../shared/duration.js';
import { flag, option } from './command.js';

/**
 * commander argParser for a duration flag, the flag named in the error (exit 2 before any
 * request). A duration is a time to wait unless `max` says otherwise, so by default it is
 * held to what a timer can hold (about 24.8 days): a longer one would fire at once.
 * A duration sent to the API instead (a key's lifetime) passes `max: Infinity`.
 */
export function durationOption(name: string, opts: { min?: number; max?: number } = {}) {
  const max = opts.max ?? MAX_TIMER_MS;
  return (value: string): number => {
    let ms: number;
    try {
      ms = parseDuration(value);
    } catch (err) {
      throw new InvalidArgumentError(`${name}: ${(err as Error).message}.`);
    }
    if (opts.min !== undefined && ms < opts.min) throw new InvalidArgumentError(`${name} must be at least ${formatDuration(opts.min)}.`);
    if (ms > max) throw new InvalidArgumentError(`${name} must be at most ${formatDuration(Math.floor(max / 1_000) * 1_000)} (the longest wait a timer can hold), not ${value.trim()}.`);
    return ms;
  };
}

/** commander argParser for a server timestamp (ISO 8601 with an offset), passed on as given. */
export function timestampOption(name: string) {
  return (value: string): string => {
    const v = value.trim();
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(v) || Number.isNaN(Date.parse(v)))
      throw new InvalidArgumentError(`${name} takes an ISO 8601 timestamp with an offset, such as 2026-11-23T16:00:00Z.`);
    return v;
  };
}

/** commander argParser for whole numbers in [min, max], with the flag named in the error. */
export function intOption(name: string, min = 1, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
      const range = max < Number.MAX_SAFE_INTEGER ? ` from ${min} to ${max}` : min > 0 ? ` of at least ${min}` : '';
      throw new InvalidArgumentError(`${name} must be a whole number${range}.`);
    }
    return n;
  };
}

/**
 * --wide, which every command that writes a table has: on a terminal the table then shows every
 * column whole instead of fitting the width (src/output/fit.ts). The command framework hands it
 * to the App (src/cli/command.ts), so the command itself never reads it.
 */
export function wideOption() {
  return { wide: flag('--wide', 'on a terminal, every column and whole ids, however wide (piped output always has them)') };
}

/** The options every paged list shares: paging (`pageQuery` in src/output/list.ts reads them) and --wide. */
export function pageOptions() {
  return {
    page: option('--page <n>', 'show this page only (default: every page)', intOption('--page')),
    perPage: option('--per-page <n>', 'show one page of this many items (default: every page)', intOption('--per-page')),
    limit: option('--limit <n>', 'show at most this many items (no page is requested past them)', intOption('--limit')),
    all: flag('--all', 'every page (the default; with --page or --per-page: every page from there on)'),
    ...wideOption(),
  };
}

/** A single word: not blank, no spaces (names, slugs, keys). */
export function nonEmpty(name: string) {
  return (value: string): string => {
    const v = value.trim();
    if (!v || /\s/.test(v)) throw new InvalidArgumentError(`${name} needs a value without spaces.`);
    return v;
  };
}

/** Text that may contain spaces but is not blank. */
export function textOption(name: string) {
  return (value: string): string => {
    if (!value.trim()) throw new InvalidArgumentError(`${name} needs a value.`);
    return value.trim();
  };
}

/** commander argParser for a path: any text but an empty one (which would mean the current directory by accident). */
export function pathValue(name: string) {
  return (value: string): string => {
    if (value.trim() === '') throw new InvalidArgumentError(`${name} needs a path.`);
    return value;
  };
}

/** commander argParser for a size in whole gigabytes, as the API counts them: `16`, `16G` or `16GB`. */
export function gigabytesOption(name: string) {
  return (value: string): number => {
    const m = /^\s*(\d+)\s*(?:g|gb)?\s*$/i.exec(value);
    const n = m ? Number(m[1]) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < 1) throw new InvalidArgumentError(`${name} takes whole gigabytes, such as 16 or 16GB.`);
    return n;
  };
}
