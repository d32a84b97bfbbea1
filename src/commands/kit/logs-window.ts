// The time window of `serverless logs`, validated before any request (docs/behaviour.md#logs):
// `--since` is a duration back from now or an ISO 8601 timestamp with an offset, always
// sent as ISO 8601 UTC; a start older than the 10-day retention is a usage error, because
// the API rejects such a window instead of clamping it (docs/behaviour.md#api-logs).
import { parseDuration } from '../../shared/duration.js';
import { UsageError } from '../../cli/errors.js';

export const LOG_RETENTION_MS = 10 * 86_400_000;
export const DEFAULT_SINCE = '1h';

export interface LogWindow {
  /** ISO 8601 UTC. */
  since: string;
  until?: string;
  sinceMs: number;
  untilMs?: number;
}

// Date only, or a time without an offset, would be read in the machine's time zone: refused.
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

function parseTimestamp(flag: string, text: string): number {
  const ms = TIMESTAMP.test(text.trim()) ? Date.parse(text.trim()) : Number.NaN;
  if (Number.isNaN(ms)) {
    throw new UsageError(
      `${flag} "${text}" is not an ISO 8601 timestamp with an offset`,
      `use e.g. ${flag} 2025-01-31T14:00:00Z or ${flag} 2025-01-31T15:00:00+01:00${flag === '--since' ? ', or a duration such as 15m, 2h, 3d' : ''}`,
    );
  }
  return ms;
}

/** Pure: the window for `--since`/`--until` at time `now` (epoch ms), or a UsageError naming the flag. */
export function resolveLogWindow(input: { since?: string; until?: string }, now: number): LogWindow {
  const sinceText = input.since ?? DEFAULT_SINCE;
  let sinceMs: number;
  if (/^\d{4}-/.test(sinceText.trim())) {
    sinceMs = parseTimestamp('--since', sinceText);
  } else {
    let back: number;
    try {
      back = parseDuration(sinceText);
    } catch (err) {
      throw new UsageError(`--since: ${(err as Error).message}`, 'give a duration (90s, 15m, 2h, 3d) or an ISO 8601 timestamp with an offset');
    }
    if (back <= 0) throw new UsageError('--since must be longer than 0s');
    sinceMs = now - back;
  }
  // The API measures retention at its own, later, clock: a start exactly 10 days back is already outside.
  if (sinceMs <= now - LOG_RETENTION_MS) {
    throw new UsageError(
      `--since ${sinceText} reaches beyond the 10-day log retention (the API rejects such a window, it does not clamp it)`,
      'logs are kept for 10 days: use a shorter --since, e.g. --since 9d',
    );
  }
  if (sinceMs > now) throw new UsageError(`--since ${sinceText} is in the future`);
  const window: LogWindow = { since: new Date(sinceMs).toISOString(), sinceMs };
  if (input.until !== undefined) {
    const untilMs = parseTimestamp('--until', input.until);
    if (untilMs < sinceMs) throw new UsageError(`--until ${input.until} is before --since (${window.since})`);
    window.until = new Date(untilMs).toISOString();
    window.untilMs = untilMs;
  }
  return window;
}

/**
 * Pure: the plan's window measured at the server's `now` instead of the local clock's: a
 * `--since 15m` means the server's last 15 minutes, whatever the laptop's clock says (or a
 * simulator running 20x). Absolute timestamps stay as given.
 */
export function onServerClock<P extends { window: LogWindow; query: { since?: string; until?: string } }>(plan: P, input: { since?: string; until?: string }, serverNow: number): P {
  const window = resolveLogWindow(input, serverNow);
  return { ...plan, window, query: { ...plan.query, since: window.since, until: window.until } };
}
