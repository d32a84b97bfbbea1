// The pure readings of issue 21's answers and flags, table-driven: metric series, catalog
// versions and profiles, delivery recipients, catalog signals, and the request fields the
// uptime and alert flags become.
import { describe, expect, it } from 'vitest';
import { profilesText, versionsText } from '../../../src/commands/apps/catalog.js';
import { num, seriesOf } from '../../../src/commands/apps/metrics-series.js';
import { conditionFields } from '../../../src/commands/alerts/metric/flags.js';
import { recipientText } from '../../../src/commands/alerts/metric/preview.js';
import { signalsText } from '../../../src/commands/alerts/resource/catalog.js';
import { checkFields } from '../../../src/commands/uptime/flags.js';

describe('seriesOf', () => {
  it.each([
    { name: "the facts' string: no series", metrics: 'cpu=12', want: [] },
    { name: 'null', metrics: null, want: [] },
    { name: 'an object of {timestamps, values}', metrics: { cpu: { timestamps: ['a', 'b', 'c'], values: [1, 3, 2] } }, want: [{ name: 'cpu', values: [1, 3, 2], last: 2, min: 1, avg: 2, max: 3 }] },
    { name: 'numeric strings are read, other points dropped', metrics: { mem: { values: ['10', null, 'x', 30] } }, want: [{ name: 'mem', values: [10, 30], last: 30, min: 10, avg: 20, max: 30 }] },
    { name: 'a bare array of numbers', metrics: { rps: [5, 5] }, want: [{ name: 'rps', values: [5, 5], last: 5, min: 5, avg: 5, max: 5 }] },
    { name: 'a series without points is listed, empty', metrics: { cpu: { values: [] } }, want: [{ name: 'cpu', values: [] }] },
    { name: 'anything else is skipped', metrics: { note: 'hello', n: 3 }, want: [] },
  ])('$name', ({ metrics, want }) => {
    expect(seriesOf(metrics)).toEqual(want);
  });

  it.each([
    [undefined, ''],
    [3, '3'],
    [2.25, '2.3'],
    [0, '0'],
  ] as const)('num(%s) = %j', (v, want) => expect(num(v)).toBe(want));
});

describe('catalog texts', () => {
  it.each([
    [{ '6.6': { default: false }, '6.7': { default: true } }, '6.7*, 6.6'],
    [{ '1.0': null }, '1.0'],
    [['a', 'b'], 'a, b'],
    [null, ''],
  ])('versionsText(%j) = %j', (v, want) => expect(versionsText(v)).toBe(want));

  it.each([
    ['small,medium', 'small, medium'],
    [['small', 'large'], 'small, large'],
    [' small , ,large', 'small, large'],
    [7, ''],
  ])('profilesText(%j) = %j', (p, want) => expect(profilesText(p)).toBe(want));

  it.each([
    [{ channel: 'mail', to: 'ops@x' }, 'mail: ops@x'],
    [{ email: 'a@b' }, 'a@b'],
    ['team-lead', 'team-lead'],
    [{ odd: 1 }, '{"odd":1}'],
  ])('recipientText(%j) = %j', (r, want) => expect(recipientText(r)).toBe(want));

  it.each([
    [[{ key: 'cpu_usage' }, { signal_key: 'disk' }], 'cpu_usage, disk'],
    [['a', 'b'], 'a, b'],
    ['x', ''],
  ])('signalsText(%j) = %j', (s, want) => expect(signalsText(s)).toBe(want));
});

describe('request fields from flags', () => {
  it.each([
    { flags: {}, want: {} },
    { flags: { name: 'n', url: 'https://x', interval: '300' }, want: { name: 'n', url: 'https://x', interval_seconds: '300' } },
    { flags: { clearKeyword: true }, want: { body_keyword: null } },
    { flags: { sslExpiry: 14 }, want: { check_ssl_expiry: true, ssl_expiry_threshold_days: 14 } },
    { flags: { followRedirects: 'off', verifyTls: 'on', notifyRecovery: 'off' }, want: { follow_redirects: false, verify_tls: true, notify_on_recovery: false } },
    { flags: { notify: ['mail', 'mail', 'webhook'] }, want: { notification_channels: ['mail', 'webhook'] } },
  ] as const)('uptime $flags', ({ flags, want }) => {
    expect(checkFields(flags as Parameters<typeof checkFields>[0])).toEqual(want);
  });

  it.each([
    { flags: {}, want: {} },
    { flags: { operator: 'gte', threshold: 0 }, want: { comparison_operator: 'gte', threshold_value: 0 } },
    { flags: { duration: 5, name: 'x', description: 'y', notify: ['sms'] }, want: { duration_minutes: 5, name: 'x', description: 'y', notification_channels: ['sms'] } },
  ] as const)('alert condition $flags', ({ flags, want }) => {
    expect(conditionFields(flags as Parameters<typeof conditionFields>[0])).toEqual(want);
  });
});
