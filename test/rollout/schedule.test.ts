import { describe, expect, it } from 'vitest';
import { baseInterval, jittered, rateLimitedDelay } from '../../src/wait/schedule.js';

describe('baseInterval', () => {
  it('starts at 1 s and backs off ×1.5 to the 5 s cap', () => {
    expect(Array.from({ length: 7 }, (_, i) => baseInterval(i))).toEqual([1000, 1500, 2250, 3375, 5000, 5000, 5000]);
  });
  it('honours another cap, also one below the first interval', () => {
    expect(Array.from({ length: 5 }, (_, i) => baseInterval(i, { capMs: 2000 }))).toEqual([1000, 1500, 2000, 2000, 2000]);
    expect(Array.from({ length: 3 }, (_, i) => baseInterval(i, { capMs: 200 }))).toEqual([200, 200, 200]);
  });
});

describe('jittered', () => {
  it('stays within ±10 % and is centred', () => {
    expect(jittered(5000, () => 0)).toBe(4500);
    expect(jittered(5000, () => 0.5)).toBe(5000);
    expect(jittered(5000, () => 0.999999)).toBe(5500);
  });
});

describe('rateLimitedDelay', () => {
  const now = 1_000_000;
  it('leaves the delay alone with a comfortable budget or no headers', () => {
    expect(rateLimitedDelay(1000, undefined, now)).toBe(1000);
    expect(rateLimitedDelay(1000, { limit: 100, remaining: 10, resetAt: now + 30_000 }, now)).toBe(1000);
    expect(rateLimitedDelay(1000, { limit: 100 }, now)).toBe(1000);
  });
  it('spreads a low budget over the time to the reset', () => {
    expect(rateLimitedDelay(1000, { limit: 100, remaining: 5, resetAt: now + 30_000 }, now)).toBe(6000);
  });
  it('keeps the scheduled delay when spreading would be shorter', () => {
    expect(rateLimitedDelay(5000, { limit: 100, remaining: 9, resetAt: now + 9_000 }, now)).toBe(5000);
  });
  it('waits for the reset when nothing is left, at most a minute', () => {
    expect(rateLimitedDelay(1000, { limit: 100, remaining: 0, resetAt: now + 20_000 }, now)).toBe(20_000);
    expect(rateLimitedDelay(1000, { limit: 100, remaining: 0, resetAt: now + 3_600_000 }, now)).toBe(60_000);
  });
  it('doubles the interval when the reset is unknown or past', () => {
    expect(rateLimitedDelay(1500, { limit: 100, remaining: 3 }, now)).toBe(3000);
    expect(rateLimitedDelay(1500, { limit: 100, remaining: 3, resetAt: now - 1 }, now)).toBe(3000);
    expect(rateLimitedDelay(1500, { remaining: 3 }, now)).toBe(3000);
    expect(rateLimitedDelay(1500, { remaining: 30 }, now)).toBe(1500);
  });
});
