// The one retry rule (contract section 4 and the `retryable: false` rule of section 12), as a
// table: every kind of outcome, replayable or not, first/last attempt, server waits.
import { describe, expect, it } from 'vitest';
import { decideRetry, type Outcome, type RetryDecision, type RetryInput } from '../../src/client/retry.js';

const NOW = Date.parse('2026-11-22T10:00:00Z');
const connect = (code: string): Outcome => ({ kind: 'connect', code });
const body = (code = 'connection reset: ECONNRESET'): Outcome => ({ kind: 'body', code, status: 200 });
const status = (s: number, extra: Partial<Extract<Outcome, { kind: 'status' }>> = {}): Outcome => ({ kind: 'status', status: s, headers: {}, ...extra });

function decide(outcome: Outcome, over: Partial<RetryInput> = {}): RetryDecision {
  // random() = 0.5: backoff of attempt 1 is 225 ms (between 150 and 300), attempt 2 450 ms.
  return decideRetry({ attempt: 1, attempts: 4, replayable: true, outcome, random: () => 0.5, now: NOW, maxWaitMs: 60_000, ...over });
}

const retry = (waitMs: number): RetryDecision => ({ retry: true, waitMs });
const stop = (reason: Extract<RetryDecision, { retry: false }>['reason'], waitMs?: number): RetryDecision => (waitMs === undefined ? { retry: false, reason } : { retry: false, reason, waitMs });

describe('decideRetry', () => {
  const table: [string, Outcome, Partial<RetryInput>, RetryDecision][] = [
    // Network errors: a replayable request is repeated with backoff; others only when refused.
    ['GET, connection reset', connect('connection reset: ECONNRESET'), {}, retry(225)],
    ['GET, timed out', connect('no complete answer within 300000ms'), {}, retry(225)],
    ['GET, second retry backs off further', connect('connection reset: ECONNRESET'), { attempt: 2 }, retry(450)],
    ['GET, last attempt', connect('connection reset: ECONNRESET'), { attempt: 4 }, stop('exhausted')],
    ['POST, connection refused (never reached the server)', connect('connection refused: ECONNREFUSED'), { replayable: false }, retry(225)],
    ['POST, refused on the last attempt', connect('connection refused: ECONNREFUSED'), { replayable: false, attempt: 4 }, stop('exhausted')],
    ['POST, connection reset (may have been applied)', connect('connection reset: ECONNRESET'), { replayable: false }, stop('unsafe')],
    ['POST, reset on the last attempt is still "unsafe"', connect('connection reset: ECONNRESET'), { replayable: false, attempt: 4 }, stop('unsafe')],
    ['POST with Idempotency-Key (replayable), reset', connect('connection reset: ECONNRESET'), { replayable: true }, retry(225)],
    // A body cut off: only replayable requests.
    ['GET, body cut off', body(), {}, retry(225)],
    ['GET, body cut off on the last attempt', body(), { attempt: 4 }, stop('exhausted')],
    ['POST, body cut off', body(), { replayable: false }, stop('unsafe')],
    ['POST, body cut off, even "refused"', body('connection refused: ECONNREFUSED'), { replayable: false }, stop('unsafe')],
    // Statuses.
    ['GET 200', status(200), {}, stop('final')],
    ['GET 404', status(404), {}, stop('final')],
    ['GET 500 is not retried', status(500), {}, stop('final')],
    ['GET 502', status(502), {}, retry(225)],
    ['GET 503', status(503), {}, retry(225)],
    ['GET 504', status(504), {}, retry(225)],
    ['GET 503 on the last attempt', status(503), { attempt: 4 }, stop('exhausted')],
    ['POST 503 (may have been applied)', status(503), { replayable: false }, stop('final')],
    ['POST 429 (was not applied)', status(429), { replayable: false }, retry(225)],
    ['GET 503 saying retryable: false', status(503, { retryable: false }), {}, stop('refused')],
    ['GET 503 saying retryable: true', status(503, { retryable: true }), {}, retry(225)],
    ['GET 429 saying retryable: false', status(429, { retryable: false }), {}, stop('refused')],
    ['GET 503 retryable: false on the last attempt', status(503, { retryable: false }), { attempt: 4 }, stop('exhausted')],
    ['GET 404 saying retryable: true is still final', status(404, { retryable: true }), {}, stop('final')],
    // The server's wait for a 429: Retry-After, then X-RateLimit-Reset, bounded.
    ['429 Retry-After seconds', status(429, { headers: { 'retry-after': '3' } }), {}, retry(3000)],
    ['429 Retry-After HTTP date', status(429, { headers: { 'retry-after': new Date(NOW + 2000).toUTCString() } }), {}, retry(2000)],
    ['429 X-RateLimit-Reset', status(429, { headers: { 'x-ratelimit-reset': String(NOW / 1000 + 4) } }), {}, retry(4000)],
    ['429 Retry-After wins over X-RateLimit-Reset', status(429, { headers: { 'retry-after': '1', 'x-ratelimit-reset': String(NOW / 1000 + 40) } }), {}, retry(1000)],
    ['429 without headers backs off', status(429), {}, retry(225)],
    ['429 asking for more than the bound', status(429, { headers: { 'retry-after': '120' } }), {}, stop('too-long', 120_000)],
    ['429 asking for exactly the bound', status(429, { headers: { 'retry-after': '60' } }), {}, retry(60_000)],
    ["503 Retry-After is not the server's word on a 503 (backoff)", status(503, { headers: { 'retry-after': '30' } }), {}, retry(225)],
    ['503 backoff longer than a tiny bound', status(503), { maxWaitMs: 100 }, stop('too-long', 225)],
    ['network backoff is not bounded by the rate-limit bound', connect('connection reset: ECONNRESET'), { maxWaitMs: 100 }, retry(225)],
    ['no retries configured', status(503), { attempts: 1 }, stop('exhausted')],
  ];
  for (const [name, outcome, over, want] of table) {
    it(name, () => expect(decide(outcome, over)).toEqual(want));
  }

  it('draws jitter only when it backs off', () => {
    let draws = 0;
    const random = () => (draws++, 0.5);
    decideRetry({ attempt: 1, attempts: 4, replayable: true, outcome: status(429, { headers: { 'retry-after': '1' } }), random, now: NOW, maxWaitMs: 60_000 });
    decideRetry({ attempt: 1, attempts: 4, replayable: true, outcome: status(503, { retryable: false }), random, now: NOW, maxWaitMs: 60_000 });
    decideRetry({ attempt: 4, attempts: 4, replayable: true, outcome: status(503), random, now: NOW, maxWaitMs: 60_000 });
    expect(draws).toBe(0);
    decideRetry({ attempt: 1, attempts: 4, replayable: true, outcome: status(503), random, now: NOW, maxWaitMs: 60_000 });
    expect(draws).toBe(1);
  });
});
