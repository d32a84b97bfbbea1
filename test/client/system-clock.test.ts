// The system clock's sleep past what one Node timer holds (2^31-1 ms): chained, never fired
// at once (Node fires an overlong timer after 1 ms, with a TimeoutOverflowWarning).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_TIMER_MS, systemClock } from '../../src/client/clock.js';
import { durationOption } from '../../src/cli/options.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('long sleeps', () => {
  it('a sleep of 30 days ends after 30 days, not at once', async () => {
    vi.useFakeTimers();
    const thirtyDays = 30 * 86_400_000;
    let done = false;
    void systemClock.sleep(thirtyDays).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(MAX_TIMER_MS);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(thirtyDays - MAX_TIMER_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it('is still cut short by its signal', async () => {
    vi.useFakeTimers();
    const stop = new AbortController();
    const slept = systemClock.sleep(MAX_TIMER_MS * 3, stop.signal);
    await vi.advanceTimersByTimeAsync(MAX_TIMER_MS + 5);
    stop.abort(new Error('stop'));
    await expect(slept).rejects.toThrow('stop');
  });
});

describe('duration flags', () => {
  it('a wait longer than a timer holds is refused, naming the maximum; a duration sent to the API is not bounded', () => {
    expect(() => durationOption('--timeout')('25d')).toThrow('--timeout must be at most 24d20h31m23s (the longest wait a timer can hold), not 25d.');
    expect(durationOption('--timeout')('24d')).toBe(24 * 86_400_000);
    expect(durationOption('--expires-in', { max: Number.POSITIVE_INFINITY })('90d')).toBe(90 * 86_400_000);
  });
});
