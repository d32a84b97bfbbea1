// The cron module: what a schedule's expression accepts, and the next runs it gives across
// daylight-saving changes (the local time stays, the UTC moment moves). Table-driven.
import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, nextRuns, parseCron } from '../../src/shared/cron.js';

const runs = (expr: string, tz: string, after: string, count = 3) => nextRuns(parseCron(expr), tz, Date.parse(after), count).map((r) => `${r.utc} ${r.local}`);

describe('next runs, stepping through local time', () => {
  it.each([
    // Europe/Bucharest: 2026-03-29 03:00 → 04:00 (01:00Z); 2026-10-25 04:00 → 03:00 (01:00Z).
    [
      'spring gap: 03:30 does not exist, runs at 04:00 that day',
      '30 3 * * *',
      'Europe/Bucharest',
      '2026-03-27T12:00:00Z',
      ['2026-03-28T01:30:00Z 2026-03-28 03:30 +02:00', '2026-03-29T01:00:00Z 2026-03-29 04:00 +03:00', '2026-03-30T00:30:00Z 2026-03-30 03:30 +03:00'],
    ],
    [
      'autumn overlap: 03:30 happens twice, the first one runs',
      '30 3 * * *',
      'Europe/Bucharest',
      '2026-10-24T12:00:00Z',
      ['2026-10-25T00:30:00Z 2026-10-25 03:30 +03:00', '2026-10-26T01:30:00Z 2026-10-26 03:30 +02:00', '2026-10-27T01:30:00Z 2026-10-27 03:30 +02:00'],
    ],
    [
      'the same local hour moves in UTC across the change',
      '0 9 * * 1-5',
      'Europe/Bucharest',
      '2026-03-27T00:00:00Z',
      ['2026-03-27T07:00:00Z 2026-03-27 09:00 +02:00', '2026-03-30T06:00:00Z 2026-03-30 09:00 +03:00', '2026-03-31T06:00:00Z 2026-03-31 09:00 +03:00'],
    ],
    // America/New_York: 2026-03-08 02:00 → 03:00 (07:00Z); 2026-11-01 02:00 → 01:00 (06:00Z).
    [
      'weekdays at 09:00 across the spring change',
      '0 9 * * MON-FRI',
      'America/New_York',
      '2026-03-06T00:00:00Z',
      ['2026-03-06T14:00:00Z 2026-03-06 09:00 -05:00', '2026-03-09T13:00:00Z 2026-03-09 09:00 -04:00', '2026-03-10T13:00:00Z 2026-03-10 09:00 -04:00'],
    ],
    [
      'spring gap in New York: 02:30 runs at 03:00',
      '30 2 * * *',
      'America/New_York',
      '2026-03-07T12:00:00Z',
      ['2026-03-08T07:00:00Z 2026-03-08 03:00 -04:00', '2026-03-09T06:30:00Z 2026-03-09 02:30 -04:00', '2026-03-10T06:30:00Z 2026-03-10 02:30 -04:00'],
    ],
    [
      'times of the gap that land on the same minute run once',
      '0,30 2-3 * * *',
      'America/New_York',
      '2026-03-08T06:00:00Z',
      ['2026-03-08T07:00:00Z 2026-03-08 03:00 -04:00', '2026-03-08T07:30:00Z 2026-03-08 03:30 -04:00', '2026-03-09T06:00:00Z 2026-03-09 02:00 -04:00'],
    ],
    [
      'autumn overlap in New York: 01:30 EDT, not EST',
      '30 1 * * *',
      'America/New_York',
      '2026-10-31T12:00:00Z',
      ['2026-11-01T05:30:00Z 2026-11-01 01:30 -04:00', '2026-11-02T06:30:00Z 2026-11-02 01:30 -05:00', '2026-11-03T06:30:00Z 2026-11-03 01:30 -05:00'],
    ],
    [
      'hourly through the overlap: the repeated 01:00 runs once',
      '0 * * * *',
      'America/New_York',
      '2026-11-01T04:30:00Z',
      ['2026-11-01T05:00:00Z 2026-11-01 01:00 -04:00', '2026-11-01T07:00:00Z 2026-11-01 02:00 -05:00', '2026-11-01T08:00:00Z 2026-11-01 03:00 -05:00'],
    ],
    [
      'steps in UTC',
      '*/15 * * * *',
      'UTC',
      '2026-05-01T10:07:00Z',
      ['2026-05-01T10:15:00Z 2026-05-01 10:15 +00:00', '2026-05-01T10:30:00Z 2026-05-01 10:30 +00:00', '2026-05-01T10:45:00Z 2026-05-01 10:45 +00:00'],
    ],
    [
      'both day fields restricted: either matches (Friday or the 13th)',
      '0 0 13 * FRI',
      'UTC',
      '2026-01-01T00:00:00Z',
      ['2026-01-02T00:00:00Z 2026-01-02 00:00 +00:00', '2026-01-09T00:00:00Z 2026-01-09 00:00 +00:00', '2026-01-13T00:00:00Z 2026-01-13 00:00 +00:00'],
    ],
    [
      'a start exactly on a run time is not that run',
      '0 12 * * *',
      'UTC',
      '2026-05-01T12:00:00Z',
      ['2026-05-02T12:00:00Z 2026-05-02 12:00 +00:00', '2026-05-03T12:00:00Z 2026-05-03 12:00 +00:00', '2026-05-04T12:00:00Z 2026-05-04 12:00 +00:00'],
    ],
    [
      '29 February: leap years only, within eight years',
      '0 12 29 2 *',
      'UTC',
      '2026-01-01T00:00:00Z',
      ['2028-02-29T12:00:00Z 2028-02-29 12:00 +00:00', '2032-02-29T12:00:00Z 2032-02-29 12:00 +00:00'],
    ],
    ['a date that never comes', '0 0 30 2 *', 'UTC', '2026-01-01T00:00:00Z', []],
    [
      'day 7 is Sunday, like 0',
      '0 6 * * 7',
      'UTC',
      '2026-05-01T00:00:00Z',
      ['2026-05-03T06:00:00Z 2026-05-03 06:00 +00:00', '2026-05-10T06:00:00Z 2026-05-10 06:00 +00:00', '2026-05-17T06:00:00Z 2026-05-17 06:00 +00:00'],
    ],
  ])('%s', (_what, expr, tz, after, expected) => {
    expect(runs(expr, tz, after)).toEqual(expected);
  });
});

describe('parseCron refuses with what is wrong', () => {
  it.each([
    ['0 30 3 * * *', /5 fields.*has 6 \(6-field crons with seconds are not accepted\)/],
    ['30 3 * *', /has 4/],
    ['', /has 0/],
    ['60 * * * *', /minute: 60 is out of range 0-59/],
    ['* 24 * * *', /hour: 24 is out of range 0-23/],
    ['* * 0 * *', /day of month: 0 is out of range 1-31/],
    ['* * * 13 *', /month: 13 is out of range 1-12/],
    ['* * * * 8', /day of week: 8 is out of range 0-7/],
    ['* * * FOO *', /month: "FOO" is not a number or a name \(JAN-DEC\)/],
    ['5-1 * * * *', /minute: the range "5-1" runs backwards/],
    ['*/0 * * * *', /minute: the step in "\*\/0" must be a whole number of at least 1/],
    ['1,,2 * * * *', /minute: empty item/],
    ['@daily', /macros/],
  ])('%j', (expr, message) => {
    expect(() => parseCron(expr)).toThrow(message);
  });

  it('reads names, lists, ranges and steps', () => {
    const s = parseCron('0-10/5,30 */6 1,15 jan-mar mon,wed-fri');
    expect(s.minutes).toEqual([0, 5, 10, 30]);
    expect(s.hours).toEqual([0, 6, 12, 18]);
    expect([...s.daysOfMonth].sort((a, b) => a - b)).toEqual([1, 15]);
    expect([...s.months].sort()).toEqual([1, 2, 3]);
    expect([...s.daysOfWeek].sort()).toEqual([1, 3, 4, 5]);
    expect(parseCron('5/20 * * * *').minutes).toEqual([5, 25, 45]);
  });
});

describe('canonicalTimeZone', () => {
  it.each([
    ['Europe/Bucharest', 'Europe/Bucharest'],
    ['europe/bucharest', 'Europe/Bucharest'],
    ['America/New_York', 'America/New_York'],
    ['UTC', 'UTC'],
    ['Mars/Olympus_Mons', undefined],
    ['+02:00', undefined],
    ['', undefined],
  ])('%j → %j', (tz, expected) => {
    expect(canonicalTimeZone(tz)).toBe(expected);
  });
});
