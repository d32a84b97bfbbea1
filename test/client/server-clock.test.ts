// The server's clock from its Date headers (src/client/server-clock.ts): pure decisions.
import { describe, expect, it } from 'vitest';
import { DATE_PRECISION_MS, offsetFromDate, ServerClock } from '../../src/client/server-clock.js';

const T = Date.parse('2026-11-25T12:00:00.000Z');
const header = (ms: number) => new Date(ms).toUTCString();

describe('offsetFromDate', () => {
  it.each([
    ['no header', undefined, T, undefined],
    ['unreadable header', 'yesterday-ish', T, undefined],
    ['same second: within the header precision', header(T), T + 400, 0],
    ['a second behind: still noise', header(T), T + 1_400, 0],
    ['server 20 minutes ahead', header(T + 20 * 60_000), T, 20 * 60_000 + 500],
    ['server 3 hours behind', header(T - 3 * 3_600_000), T, -3 * 3_600_000 + 500],
  ] as const)('%s', (_name, date, receivedAt, expected) => {
    expect(offsetFromDate(date, receivedAt)).toBe(expected);
  });
});

describe('ServerClock', () => {
  it('is the local clock until the server has said its time', () => {
    const c = new ServerClock();
    expect(c.known).toBe(false);
    expect(c.now(T)).toBe(T);
  });

  it('follows the latest Date header, moving with the local clock in between', () => {
    const c = new ServerClock();
    c.sawDate(header(T + 60_000), T);
    expect(c.known).toBe(true);
    expect(c.now(T + 5_000)).toBe(T + 65_500);
    c.sawDate(header(T), T); // the server's clock was corrected
    expect(c.now(T)).toBe(T);
  });

  it('a server timestamp later than the estimate moves it forward, an earlier one does not', () => {
    const c = new ServerClock();
    c.sawTimestamp(new Date(T - 60_000).toISOString(), T);
    expect(c.now(T)).toBe(T);
    c.sawTimestamp(new Date(T + 10 * DATE_PRECISION_MS).toISOString(), T);
    expect(c.now(T)).toBe(T + 10 * DATE_PRECISION_MS);
    c.sawTimestamp('not a time', T);
    expect(c.now(T)).toBe(T + 10 * DATE_PRECISION_MS);
  });
});
