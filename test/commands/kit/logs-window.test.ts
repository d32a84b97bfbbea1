// The window of `serverless logs`: --since/--until resolved against now, inside the retention.
import { describe, expect, it } from 'vitest';
import { resolveLogWindow } from '../../../src/commands/kit/logs-window.js';
import { UsageError } from '../../../src/cli/errors.js';

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
