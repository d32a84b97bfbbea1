// The settings of an uptime check as flags (create and update share them) and the request
// fields they become (StoreUptimeCheckApiRequest / UpdateUptimeCheckRequest).
import { InvalidArgumentError } from 'commander';
import { choice, flag, list, option } from '../../cli/command.js';
import { intOption, textOption } from '../../cli/options.js';
import { expectedStatusOf } from './expected-status.js';

export const CHANNELS = ['database', 'mail', 'webhook'] as const;

function urlOption(value: string): string {
  const v = value.trim();
  if (!/^https?:\/\/[^\s/]+/.test(v)) throw new InvalidArgumentError('--url takes an http:// or https:// URL.');
  return v;
}

function statusOption(value: string): string {
  const wire = expectedStatusOf(value);
  if (wire === undefined) throw new InvalidArgumentError('--expect-status takes a class (2xx), a range of classes (2xx-3xx) or one status (exact:204, or 204); 200-299 is read as 2xx.');
  return wire;
}

function channelOption(value: string): string {
  if (!(CHANNELS as readonly string[]).includes(value)) throw new InvalidArgumentError(`--notify takes one of ${CHANNELS.join(', ')} (repeat it for more).`);
  return value;
}

export function checkOptions(requiredUrl: boolean) {
  return {
    name: option('--name <name>', requiredUrl ? 'name of the check (required)' : 'new name', textOption('--name')),
    url: option('--url <url>', requiredUrl ? 'the URL to check (required)' : 'new URL to check', urlOption),
    method: choice('--method <method>', 'HTTP method', ['GET', 'HEAD']),
    interval: choice('--interval <seconds>', 'how often to check: every 60 or 300 seconds', ['60', '300']),
    checkTimeout: option('--check-timeout <seconds>', 'a check slower than this fails (1 to 30)', intOption('--check-timeout', 1, 30)),
    expectStatus: option('--expect-status <status>', 'the status that counts as up: 2xx, 2xx-3xx or exact:204', statusOption),
    keyword: option('--keyword <text>', 'the body must contain this text', textOption('--keyword')),
    clearKeyword: flag('--clear-keyword', 'stop checking the body for a text'),
    followRedirects: choice('--follow-redirects <on|off>', 'follow redirects', ['on', 'off']),
    verifyTls: choice('--verify-tls <on|off>', 'fail on an invalid TLS certificate', ['on', 'off']),
    sslExpiry: option('--ssl-expiry <days>', 'warn this many days before the TLS certificate expires (turns the certificate check on)', intOption('--ssl-expiry', 1, 90)),
    failureThreshold: option('--failure-threshold <n>', 'failures in a row before an incident opens (1 to 10)', intOption('--failure-threshold', 1, 10)),
    notify: list('--notify <channel>', `notify on this channel: ${CHANNELS.join(', ')} (repeatable)`, channelOption),
    notifyRecovery: choice('--notify-recovery <on|off>', 'notify when the check recovers too', ['on', 'off']),
  };
}

export interface CheckFlags {
  name?: string;
  url?: string;
  method?: string;
  interval?: string;
  checkTimeout?: number;
  expectStatus?: string;
  keyword?: string;
  clearKeyword?: boolean;
  followRedirects?: 'on' | 'off';
  verifyTls?: 'on' | 'off';
  sslExpiry?: number;
  failureThreshold?: number;
  notify?: string[];
  notifyRecovery?: 'on' | 'off';
}

/** The request fields the flags set (name and url included when given). */
export function checkFields(o: CheckFlags): Record<string, unknown> {
  const b: Record<string, unknown> = {};
  if (o.name !== undefined) b.name = o.name;
  if (o.url !== undefined) b.url = o.url;
  if (o.method) b.method = o.method;
  // The facts type interval_seconds as the strings "60" | "300".
  if (o.interval) b.interval_seconds = o.interval;
  if (o.checkTimeout !== undefined) b.timeout_seconds = o.checkTimeout;
  if (o.expectStatus) b.expected_status = o.expectStatus;
  if (o.keyword !== undefined) b.body_keyword = o.keyword;
  if (o.clearKeyword) b.body_keyword = null;
  if (o.followRedirects) b.follow_redirects = o.followRedirects === 'on';
  if (o.verifyTls) b.verify_tls = o.verifyTls === 'on';
  if (o.sslExpiry !== undefined) Object.assign(b, { check_ssl_expiry: true, ssl_expiry_threshold_days: o.sslExpiry });
  if (o.failureThreshold !== undefined) b.failure_threshold = o.failureThreshold;
  if (o.notify?.length) b.notification_channels = [...new Set(o.notify)];
  if (o.notifyRecovery) b.notify_on_recovery = o.notifyRecovery === 'on';
  return b;
}
