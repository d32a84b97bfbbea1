// Uptime checks as a family of the generic commands: list, get, delete and diagnose come from
// this spec. A check changes at once (no operation to wait for); its health is in its
// status_details (a failing check carries the error) and its legacy status up/down/paused.
import { UPTIME_KIND } from '../../client/monitoring.js';
import type { FamilySpec, Item } from '../resource/family.js';
import { field, idColumn } from '../resource/family.js';
import { TIMESTAMP_FIT } from '../../output/fit.js';
import { describeExpectedStatus } from './expected-status.js';

/** `up`, `down`, `paused`, `unknown`: what people call a check's state. */
export function checkState(c: Item): string {
  return c.status ?? (c.enabled === false ? 'paused' : 'unknown');
}

function lastCheck(c: Item): string | undefined {
  const at = field(c, 'last_checked_at');
  if (!at) return undefined;
  const code = field(c, 'last_status_code');
  const ms = field(c, 'last_response_time_ms');
  const err = field(c, 'last_error');
  return [at, code ? `HTTP ${code}` : undefined, ms ? `${ms} ms` : undefined, err].filter(Boolean).join(', ');
}

export const UPTIME: FamilySpec = {
  kind: UPTIME_KIND,
  command: 'uptime',
  label: 'uptime check',
  columns: [
    idColumn(),
    { header: 'NAME', value: (c) => c.name ?? '' },
    { header: 'STATE', value: (c) => checkState(c) },
    { header: 'URL', value: (c) => field(c, 'url') ?? '', fit: { kind: 'text', min: 16, priority: 4 } },
    { header: 'EVERY', value: (c) => (field(c, 'interval_seconds') ? `${field(c, 'interval_seconds')}s` : ''), fit: { priority: 2 } },
    { header: 'FAILURES', value: (c) => field(c, 'consecutive_failures') ?? '', fit: { priority: 3 } },
    { header: 'LAST CHECK', value: (c) => field(c, 'last_checked_at') ?? 'never', fit: { ...TIMESTAMP_FIT, priority: 1 } },
  ],
  details: (c) => [
    ['State', checkState(c)],
    ['URL', [field(c, 'method'), field(c, 'url')].filter(Boolean).join(' ') || undefined],
    ['Every', field(c, 'interval_seconds') ? `${field(c, 'interval_seconds')}s (timeout ${field(c, 'timeout_seconds') ?? '?'}s)` : undefined],
    [
      'Expects',
      [field(c, 'expected_status') ? `HTTP ${describeExpectedStatus(field(c, 'expected_status')!)}` : undefined, field(c, 'body_keyword') ? `body containing "${field(c, 'body_keyword')}"` : undefined]
        .filter(Boolean)
        .join(', ') || undefined,
    ],
    ['Alerts after', field(c, 'failure_threshold') ? `${field(c, 'failure_threshold')} failures in a row (now ${field(c, 'consecutive_failures') ?? 0})` : undefined],
    ['Notifies', Array.isArray(c.notification_channels) ? (c.notification_channels as unknown[]).join(', ') || 'nobody' : undefined],
    ['TLS certificate', c.check_ssl_expiry === true ? `expires ${field(c, 'ssl_expires_at') ?? '(unknown)'}; warns ${field(c, 'ssl_expiry_threshold_days') ?? '?'} days before` : undefined],
    ['Last check', lastCheck(c) ?? 'never'],
  ],
  example: { name: 'api-health', id: 'c691f3aa-6450-4e49-bfe3-a668521243b5' },
  inspect: ['diagnose', 'results', 'incidents'],
  verbs: {
    list: { make: 'list' },
    get: { make: 'get' },
    delete: { make: 'delete' },
    pause: {
      make: 'switch',
      enabled: false,
      route: 'toggle',
      done: 'paused',
      description: 'stop checking a URL for now (results and incidents are kept); nothing is sent if it is paused already',
      examples: ['infra uptime pause api-health', 'infra uptime pause c691f3aa-6450-4e49-bfe3-a668521243b5 --json'],
    },
    resume: {
      make: 'switch',
      enabled: true,
      route: 'toggle',
      done: 'resumed',
      description: 'start checking a paused URL again; nothing is sent if it is being checked already',
      examples: ['infra uptime resume status-page', 'infra uptime resume status-page --json'],
    },
    diagnose: { make: 'diagnose' },
  },
};
