import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from '../../src/shared/duration.js';

describe('parseDuration', () => {
  it.each([
    ['90s', 90_000],
    ['15m', 900_000],
    ['2h', 7_200_000],
    ['3d', 259_200_000],
    ['500ms', 500],
    ['1h30m', 5_400_000],
    ['1.5s', 1_500],
    [' 2m ', 120_000],
    ['0s', 0],
  ])('%s → %d ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it.each(['', '90', '15x', 'm', 's5', '-5s', '5 s', '1h-30m', 'abc', '5S'])('rejects %j with a descriptive message', (text) => {
    expect(() => parseDuration(text)).toThrow(/duration|unit/);
  });

  it('names the missing unit', () => {
    expect(() => parseDuration('90')).toThrow('"90" has no unit');
  });
});

describe('formatDuration', () => {
  it.each([
    [500, '500ms'],
    [90_000, '1m30s'],
    [900_000, '15m'],
    [7_200_000, '2h'],
    [90_061_000, '1d1h1m1s'],
    [0, '0ms'],
  ])('%d ms → %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
