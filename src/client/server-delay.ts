// Delays the server asks for (an operation's `poll_after_ms`, a 429's `Retry-After` or
// `X-RateLimit-Reset`) are advice, not orders: a broken or hostile server could ask for 0 ms
// (a request per millisecond) or 1e10 ms (a wait longer than any timer holds, which Node
// fires after 1 ms). Every such value is held to this range where it is read, so the wait
// engine never sees anything else. docs/security/limits.md explains the bounds to users.

/** The shortest pause the server can ask for: faster than this is a busy loop, not pacing. */
export const SERVER_DELAY_MIN_MS = 250;
/** The longest: a wait never goes a minute without looking (its own --timeout still ends it). */
export const SERVER_DELAY_MAX_MS = 60_000;

/** A server-given delay held to [SERVER_DELAY_MIN_MS, SERVER_DELAY_MAX_MS]; NaN reads as the shortest. */
export function clampServerDelay(ms: number): number {
  if (Number.isNaN(ms)) return SERVER_DELAY_MIN_MS;
  return Math.min(SERVER_DELAY_MAX_MS, Math.max(SERVER_DELAY_MIN_MS, ms));
}
