// commander argParsers shared by commands: each names its flag in the error (exit 2 before
// any request). The pure parsing they wrap lives in src/shared.
import { InvalidArgumentError } from 'commander';
import { formatDuration, parseDuration } from '../shared/duration.js';

/** commander argParser for a duration flag, the flag named in the error (exit 2 before any request). */
export function durationOption(name: string, opts: { min?: number } = {}) {
  return (value: string): number => {
    let ms: number;
    try {
      ms = parseDuration(value);
    } catch (err) {
      throw new InvalidArgumentError(`${name}: ${(err as Error).message}.`);
    }
    if (opts.min !== undefined && ms < opts.min) throw new InvalidArgumentError(`${name} must be at least ${formatDuration(opts.min)}.`);
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
