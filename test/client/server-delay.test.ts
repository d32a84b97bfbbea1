import { describe, expect, it } from 'vitest';
import { clampServerDelay } from '../../src/client/server-delay.js';
import { Operation } from '../../src/client/schemas.js';

describe('server-given delays are held to 250 ms - 60 s', () => {
  it('clamps both ends and reads NaN as the shortest', () => {
    expect([0, -5, 100, 250, 1_500, 60_000, 1e10, Number.POSITIVE_INFINITY, Number.NaN].map(clampServerDelay)).toEqual([250, 250, 250, 250, 1_500, 60_000, 60_000, 60_000, 250]);
  });

  it("an operation's poll_after_ms is clamped where it is read; null stays null, a value in range is kept", () => {
    const read = (v: unknown) => Operation.parse({ operation_id: 'o', state: 'running', terminal: false, poll_after_ms: v }).poll_after_ms;
    expect(read(1e10)).toBe(60_000);
    expect(read('1e10')).toBe(undefined); // not a plain number: unreadable, the wait's own schedule applies
    expect(read('5000')).toBe(5_000);
    expect(read(0)).toBe(250);
    expect(read(1_000)).toBe(1_000);
    expect(read(null)).toBe(null);
  });
});
