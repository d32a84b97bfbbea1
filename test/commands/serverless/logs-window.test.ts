import { describe, expect, it } from 'vitest';
import { resolveLogWindow } from '../../../src/commands/serverless/logs-window.js';
import { FollowTracker } from '../../../src/commands/serverless/logs-follow.js';
import { humanLines, ndjson } from '../../../src/commands/serverless/logs-format.js';
import { UsageError } from '../../../src/cli/errors.js';
import { plainStyle } from '../../../src/output/color.js';
import type { LogEntry } from '../../../src/client/schemas.js';

const NOW = Date.parse('2025-03-10T12:00:00.000Z');
const DAY = 86_400_000;

describe('resolveLogWindow', () => {
  const ok: [string, { since?: string; until?: string }, { since: string; until?: string }][] = [
    ['default is 1h, sent as UTC', {}, { since: '2025-03-10T11:00:00.000Z' }],
    ['duration 15m', { since: '15m' }, { since: '2025-03-10T11:45:00.000Z' }],
    ['duration 90s', { since: '90s' }, { since: '2025-03-10T11:58:30.000Z' }],
    ['duration 3d', { since: '3d' }, { since: '2025-03-07T12:00:00.000Z' }],
    ['just inside retention', { since: '9d23h59m' }, { since: '2025-02-28T12:01:00.000Z' }],
    ['timestamp with offset converted to UTC', { since: '2025-03-10T13:30:00+02:00' }, { since: '2025-03-10T11:30:00.000Z' }],
    ['timestamp Z with until', { since: '2025-03-10T10:00:00Z', until: '2025-03-10T11:00:00.5+00:00' }, { since: '2025-03-10T10:00:00.000Z', until: '2025-03-10T11:00:00.500Z' }],
    ['until equal to since', { since: '2025-03-10T10:00:00Z', until: '2025-03-10T10:00:00Z' }, { since: '2025-03-10T10:00:00.000Z', until: '2025-03-10T10:00:00.000Z' }],
  ];
  it.each(ok)('%s', (_name, input, expected) => {
    const w = resolveLogWindow(input, NOW);
    expect(w.since).toBe(expected.since);
    expect(w.until).toBe(expected.until);
  });

  const bad: [string, { since?: string; until?: string }, RegExp][] = [
    ['10d is at the retention edge', { since: '10d' }, /--since 10d reaches beyond the 10-day log retention/],
    ['11d', { since: '11d' }, /10-day log retention/],
    ['old timestamp', { since: new Date(NOW - 10 * DAY - 1).toISOString() }, /10-day log retention/],
    ['no unit', { since: '15' }, /--since: "15" has no unit/],
    ['garbage duration', { since: 'yesterday' }, /--since: "yesterday" is not a duration/],
    ['zero', { since: '0s' }, /--since must be longer than 0s/],
    ['timestamp without offset', { since: '2025-03-10T10:00:00' }, /--since "2025-03-10T10:00:00" is not an ISO 8601 timestamp with an offset/],
    ['date only', { since: '2025-03-10' }, /not an ISO 8601 timestamp/],
    ['invalid date', { since: '2025-13-45T10:00:00Z' }, /not an ISO 8601 timestamp/],
    ['future since', { since: '2025-03-11T10:00:00Z' }, /--since .* is in the future/],
    ['until is a duration', { until: '5m' }, /--until "5m" is not an ISO 8601 timestamp/],
    ['until before since', { since: '2025-03-10T10:00:00Z', until: '2025-03-10T09:00:00Z' }, /--until .* is before --since/],
  ];
  it.each(bad)('rejects %s (usage error naming the flag)', (_name, input, message) => {
    let caught: unknown;
    try {
      resolveLogWindow(input, NOW);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(UsageError);
    expect((caught as UsageError).exitCode).toBe(2);
    expect((caught as UsageError).message).toMatch(message);
  });
});

const e = (t: string, message: string, extra: Partial<LogEntry> = {}): LogEntry => ({ timestamp: `2025-03-10T12:00:${t}Z`, message, container: 'user-container', level: 'info', ...extra });

describe('FollowTracker', () => {
  it('has no since before anything was seen', () => {
    expect(new FollowTracker().since).toBeUndefined();
  });

  it('polls from the newest timestamp and drops what was written at it', () => {
    const t = new FollowTracker();
    t.track([e('01', 'a'), e('02', 'b'), e('02', 'c')]);
    expect(t.since).toBe('2025-03-10T12:00:02.000Z');
    t.beginPoll();
    // The API answers inclusively from `since`: b and c again, plus a new line at the same ms and a later one.
    expect(t.fresh([e('02', 'b'), e('02', 'c'), e('02', 'd'), e('03', 'e')]).map((x) => x.message)).toEqual(['d', 'e']);
    expect(t.since).toBe('2025-03-10T12:00:03.000Z');
    t.beginPoll();
    expect(t.fresh([e('03', 'e')])).toEqual([]);
  });

  it('keeps identical lines in the same millisecond as a multiset', () => {
    const t = new FollowTracker();
    t.track([e('05', 'same')]);
    t.beginPoll();
    expect(t.fresh([e('05', 'same'), e('05', 'same')]).length).toBe(1);
    t.beginPoll();
    expect(t.fresh([e('05', 'same'), e('05', 'same')]).length).toBe(0);
  });

  it('spreads a poll over several pages with the same base', () => {
    const t = new FollowTracker();
    t.track([e('05', 'x')]);
    t.beginPoll();
    expect(t.fresh([e('05', 'x'), e('06', 'y')]).map((x) => x.message)).toEqual(['y']);
    // second page of the same poll: older than the base → dropped; newer → kept
    expect(t.fresh([e('04', 'old'), e('07', 'z')]).map((x) => x.message)).toEqual(['z']);
  });

  it('tracks across backlog pages that end on the same millisecond', () => {
    const t = new FollowTracker();
    t.track([e('01', 'a'), e('09', 'b')]);
    t.track([e('09', 'c')]);
    t.beginPoll();
    expect(t.fresh([e('09', 'b'), e('09', 'c'), e('10', 'd')]).map((x) => x.message)).toEqual(['d']);
  });
});

describe('log rendering', () => {
  it('human: timestamp, container, level, message on one line', () => {
    const out = humanLines(plainStyle)([e('01', 'hello\nworld', { level: 'error' }), e('02', 'x', { level: null, container: 'queue-proxy' })]);
    expect(out).toBe('2025-03-10T12:00:01Z  user-container  error  hello\\nworld\n2025-03-10T12:00:02Z  queue-proxy     -      x\n');
  });

  it('NDJSON: one entry per line with every field', () => {
    const out = ndjson([e('01', 'a', { extra: 1 } as Partial<LogEntry>), e('02', 'b')]);
    const lines = out.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]!)).toMatchObject({ message: 'a', extra: 1 });
  });
});
