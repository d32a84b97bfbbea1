// Pure arithmetic of the polling interval (docs/behaviour.md#waits-polling): a short first interval that
// backs off to a cap with jitter, and a slow-down when the rate-limit budget runs low.
import type { RateLimit } from '../client/retry.js';

export const DEFAULT_FIRST_INTERVAL_MS = 1_000;
export const DEFAULT_INTERVAL_CAP_MS = 5_000;
export const BACKOFF_FACTOR = 1.5;
/** ±10 %: centred, so that over a long rollout the mean interval is the cap itself. */
export const JITTER = 0.1;
/** Below this share of the window's limit the poller slows down. */
export const LOW_BUDGET_SHARE = 0.1;
/** Without a limit header, "low" means fewer requests left than this. */
export const LOW_BUDGET_ABSOLUTE = 10;
/** The longest single wait a rate-limit slow-down asks for. */
export const MAX_RATE_LIMIT_WAIT_MS = 60_000;

export interface ScheduleOptions {
  firstMs?: number;
  capMs?: number;
}

/** The base interval before poll number `step` (0-based: the wait before the first re-read). */
export function baseInterval(step: number, opts: ScheduleOptions = {}): number {
  const cap = opts.capMs ?? DEFAULT_INTERVAL_CAP_MS;
  const first = Math.min(opts.firstMs ?? DEFAULT_FIRST_INTERVAL_MS, cap);
  return Math.min(cap, first * BACKOFF_FACTOR ** step);
}

/** The base interval with jitter; `random()` in [0, 1), 0.5 gives the base itself. */
export function jittered(baseMs: number, random: () => number): number {
  return Math.round(baseMs * (1 - JITTER + 2 * JITTER * random()));
}

/**
 * How long to wait given what the last response said about the rate-limit window: unchanged
 * while the budget is comfortable; when it runs low, spread what is left over the time until
 * the window resets (wait for the reset when nothing is left), or double the interval when
 * the reset time is unknown.
 */
export function rateLimitedDelay(delayMs: number, rl: RateLimit | undefined, now: number): number {
  if (!rl || rl.remaining === undefined) return delayMs;
  const low = rl.limit !== undefined && rl.limit > 0 ? rl.remaining < Math.max(1, rl.limit * LOW_BUDGET_SHARE) : rl.remaining < LOW_BUDGET_ABSOLUTE;
  if (!low) return delayMs;
  if (rl.resetAt !== undefined && rl.resetAt > now) {
    const untilReset = rl.resetAt - now;
    const spread = rl.remaining <= 0 ? untilReset : untilReset / rl.remaining;
    return Math.round(Math.max(delayMs, Math.min(spread, MAX_RATE_LIMIT_WAIT_MS)));
  }
  return delayMs * 2;
}
