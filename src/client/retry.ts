// Pure retry arithmetic and the one retry decision: whether (and after how long) an attempt
// is repeated, whatever went wrong with it (docs/behaviour.md#http).
import type { IncomingHttpHeaders } from 'node:http';
import { SERVER_DELAY_MIN_MS } from './server-delay.js';

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
 * Milliseconds a `Retry-After` value asks for: delta-seconds (`5`, `1.5`) or an HTTP date
 * (from `now`); undefined when absent or unreadable. The one reading of the header: the retry
 * of a request (retryDelayMs) and a command that decides for itself (a 409 of a bucket policy).
 */
export function retryAfterMs(value: string | undefined, now: number): number | undefined {
  const seconds = num(value);
  if (seconds !== undefined) return Math.max(0, Math.ceil(seconds * 1000));
  if (!value) return undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Delay before retry number `attempt` (1-based). For a 429 the server's word wins:
 * `Retry-After` (seconds or an HTTP date), else `X-RateLimit-Reset`; otherwise exponential
 * backoff with jitter between half and all of the step, so that many clients spread out.
 * The server's word is never shorter than SERVER_DELAY_MIN_MS (0 or a reset in the past
 * would retry at once); a longer wait than the caller accepts is decideRetry's `too-long`.
 */
export function retryDelayMs(attempt: number, headers: IncomingHttpHeaders | undefined, random: () => number, now: number = Date.now()): number {
  if (headers) {
    const asked = retryAfterMs(header(headers, 'retry-after'), now);
    if (asked !== undefined) return Math.max(SERVER_DELAY_MIN_MS, asked);
    const reset = num(header(headers, 'x-ratelimit-reset'));
    if (reset !== undefined) return Math.max(SERVER_DELAY_MIN_MS, reset * 1000 - now);
  }
  const step = Math.min(CAP_MS, BASE_MS * 2 ** (attempt - 1));
  return Math.round(step / 2 + (random() * step) / 2);
}

/** What one attempt came to. */
export type Outcome =
  /** No answer: connection refused, reset, timed out... `code` is errorCode()'s text (ends with the system code); `proxy` says what went wrong at a proxy, when it was there. */
  | { kind: 'connect'; code: string; proxy?: string }
  /** An answer whose body was cut off. */
  | { kind: 'body'; code: string; status: number }
  /** A complete answer. `retryable` is what its error body says, when it says it. */
  | { kind: 'status'; status: number; headers: IncomingHttpHeaders; retryable?: boolean };

export interface RetryInput {
  /** 1-based number of the attempt that just ended. */
  attempt: number;
  /** Attempts in all (1 + retries). */
  attempts: number;
  /** GET, HEAD, or a request with an Idempotency-Key: repeating it cannot apply it twice. */
  replayable: boolean;
  outcome: Outcome;
  random: () => number;
  now: number;
  /** Longest wait accepted for a retry (a 429's Retry-After can ask for more). */
  maxWaitMs: number;
}

export type RetryDecision =
  | { retry: true; waitMs: number }
  | {
      retry: false;
      /**
       * final: nothing to retry (a success, or a status that is not retried);
       * unsafe: the request may have been applied, so it is not repeated;
       * exhausted: every attempt is used; refused: the answer said `retryable: false`;
       * too-long: the server asks to wait longer than `maxWaitMs` (in `waitMs`).
       */
      reason: 'final' | 'unsafe' | 'exhausted' | 'refused' | 'too-long';
      waitMs?: number;
    };

/** Statuses worth repeating for a replayable request; 429 is worth it for any request (it was not applied). */
const RETRYABLE_STATUS = new Set([502, 503, 504]);

/**
 * The one retry rule (docs/behaviour.md#http): replayable requests are retried on network
 * errors, cut-off bodies, 502/503/504 and 429; the others only when they cannot have been
 * applied (connection refused, 429). An answer saying `retryable: false` is final whatever
 * its status (docs/behaviour.md#wire). Backoff with jitter, except that a 429 waits for Retry-After or
 * X-RateLimit-Reset, up to `maxWaitMs`.
 */
export function decideRetry(input: RetryInput): RetryDecision {
  const { attempt, attempts, replayable, outcome } = input;
  let headers: IncomingHttpHeaders | undefined;
  if (outcome.kind === 'connect') {
    // A refused connection never reached the server, so even a POST is safe to repeat.
    if (!replayable && !outcome.code.endsWith('ECONNREFUSED')) return { retry: false, reason: 'unsafe' };
  } else if (outcome.kind === 'body') {
    if (!replayable) return { retry: false, reason: 'unsafe' };
  } else {
    const status = outcome.status;
    if (!(status === 429 || (replayable && RETRYABLE_STATUS.has(status)))) return { retry: false, reason: 'final' };
    if (attempt >= attempts) return { retry: false, reason: 'exhausted' };
    if (outcome.retryable === false) return { retry: false, reason: 'refused' };
    if (status === 429) headers = outcome.headers;
  }
  if (attempt >= attempts) return { retry: false, reason: 'exhausted' };
  const waitMs = retryDelayMs(attempt, headers, input.random, input.now);
  // Backoff never exceeds a few seconds; only a server's own wait can be too long.
  if (outcome.kind === 'status' && waitMs > input.maxWaitMs) return { retry: false, reason: 'too-long', waitMs };
  return { retry: true, waitMs };
}
