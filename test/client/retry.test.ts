import { describe, expect, it } from 'vitest';
import { parseRateLimit, retryDelayMs } from '../../src/client/retry.js';

describe('retryDelayMs', () => {
  const now = Date.parse('2026-11-22T10:00:00Z');
  it('honours Retry-After in seconds', () => {
    expect(retryDelayMs(1, { 'retry-after': '3' }, () => 0.5, now)).toBe(3000);
  });
  it('honours Retry-After as an HTTP date', () => {
    expect(retryDelayMs(1, { 'retry-after': new Date(now + 2000).toUTCString() }, () => 0.5, now)).toBe(2000);
  });
  it('falls back to X-RateLimit-Reset (Unix seconds)', () => {
    expect(retryDelayMs(1, { 'x-ratelimit-reset': String(now / 1000 + 4) }, () => 0.5, now)).toBe(4000);
  });
  it('a reset in the past or a zero Retry-After still waits the shortest server delay (no retry at once)', () => {
    expect(retryDelayMs(1, { 'x-ratelimit-reset': String(now / 1000 - 10) }, () => 0.5, now)).toBe(250);
    expect(retryDelayMs(1, { 'retry-after': '0' }, () => 0.5, now)).toBe(250);
    expect(retryDelayMs(1, { 'retry-after': new Date(now - 5000).toUTCString() }, () => 0.5, now)).toBe(250);
  });
  it('backs off exponentially with jitter between half and all of the step, capped', () => {
    const table = [
      [1, 150, 300],
      [2, 300, 600],
      [3, 600, 1200],
      [10, 2500, 5000],
    ] as const;
    for (const [attempt, lo, hi] of table) {
      expect(retryDelayMs(attempt, undefined, () => 0, now)).toBe(lo);
      expect(retryDelayMs(attempt, undefined, () => 1, now)).toBe(hi);
    }
  });
});

describe('parseRateLimit', () => {
  it('reads the three headers', () => {
    expect(parseRateLimit({ 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '7', 'x-ratelimit-reset': '1800000000' })).toEqual({ limit: 60, remaining: 7, resetAt: 1800000000000 });
  });
  it('is undefined without them and ignores garbage', () => {
    expect(parseRateLimit({})).toBeUndefined();
    expect(parseRateLimit({ 'x-ratelimit-remaining': 'lots' })).toBeUndefined();
  });
});
