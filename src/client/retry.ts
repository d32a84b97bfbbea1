// Pure retry arithmetic: backoff with jitter, and how long a 429 asks us to wait.
import type { IncomingHttpHeaders } from 'node:http';

export interface RateLimit {
  limit?: number;
  remaining?: number;
  /** Epoch milliseconds at which the window resets (the header carries Unix seconds). */
  resetAt?: number;
}

const BASE_MS = 300;
const CAP_MS = 5_000;

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function num(v: string | undefined): number | undefined {
  if (v === undefined || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

export function parseRateLimit(headers: IncomingHttpHeaders): RateLimit | undefined {
  const limit = num(header(headers, 'x-ratelimit-limit'));
  const remaining = num(header(headers, 'x-ratelimit-remaining'));
  const reset = num(header(headers, 'x-ratelimit-reset'));
  if (limit === undefined && remaining === undefined && reset === undefined) return undefined;
  return { limit, remaining, resetAt: reset === undefined ? undefined : reset * 1000 };
}

/**
 * Delay before retry number `attempt` (1-based). For a 429 the server's word wins:
 * `Retry-After` (seconds or an HTTP date), else `X-RateLimit-Reset`; otherwise exponential
 * backoff with jitter between half and all of the step, so that many clients spread out.
 */
export function retryDelayMs(
  attempt: number,
  headers: IncomingHttpHeaders | undefined,
  random: () => number,
  now: number = Date.now(),
): number {
  if (headers) {
    const retryAfter = header(headers, 'retry-after');
    const seconds = num(retryAfter);
    if (seconds !== undefined) return Math.max(0, Math.ceil(seconds * 1000));
    if (retryAfter) {
      const date = Date.parse(retryAfter);
      if (!Number.isNaN(date)) return Math.max(0, date - now);
    }
    const reset = num(header(headers, 'x-ratelimit-reset'));
    if (reset !== undefined) return Math.max(0, reset * 1000 - now);
  }
  const step = Math.min(CAP_MS, BASE_MS * 2 ** (attempt - 1));
  return Math.round(step / 2 + (random() * step) / 2);
}
