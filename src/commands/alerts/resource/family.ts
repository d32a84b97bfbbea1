// Resource alert rules and their incidents as families of the generic commands (get, delete).
// Their lists are cursor paged (cursor-list.ts). Rules are named by `name`, or by the `title`
// the API composes when a rule has no name.
import { ALERT_INCIDENT_KIND, ALERT_RULE_KIND } from '../../../client/monitoring.js';
import type { FamilySpec, Item } from '../../resource/family.js';
import { field, idColumn } from '../../resource/family.js';
import { TIMESTAMP_FIT } from '../../../output/fit.js';

const resourceOf = (r: Item) => [field(r, 'resource_type'), field(r, 'resource_name') ?? field(r, 'resource_id')].filter(Boolean).join('/');

export const RULES: FamilySpec = {
  kind: ALERT_RULE_KIND,
  command: 'alerts resource rules',
  label: 'alert rule',
  columns: [
    idColumn(),
    { header: 'NAME', value: (r) => r.name ?? field(r, 'title') ?? '', fit: { kind: 'text', min: 14 } },
    { header: 'RESOURCE', value: resourceOf, fit: { kind: 'text', min: 12, priority: 3 } },
    { header: 'CONDITION', value: (r) => field(r, 'condition') ?? '', fit: { kind: 'text', min: 16, priority: 4 } },
    { header: 'SEVERITY', value: (r) => field(r, 'severity') ?? '', fit: { priority: 2 } },
    { header: 'STATE', value: (r) => field(r, 'state') ?? '' },
    { header: 'LAST VALUE', value: (r) => field(r, 'last_metric_value') ?? '', fit: { priority: 1 } },
  ],
  details: (r) => [
    ['Title', field(r, 'title')],
    ['State', [field(r, 'state_label') ?? field(r, 'state'), r.enabled === false ? '(disabled)' : undefined].filter(Boolean).join(' ') || undefined],
    [
      'Resource',
      [field(r, 'resource_label') ?? field(r, 'resource_type'), field(r, 'resource_name'), field(r, 'resource_id') ? `(${field(r, 'resource_id')})` : undefined].filter(Boolean).join(' ') || undefined,
    ],
    ['Signal', [field(r, 'signal_label'), field(r, 'signal_key') ? `(${field(r, 'signal_key')})` : undefined].filter(Boolean).join(' ') || undefined],
    ['Condition', field(r, 'condition')],
    ['Severity', field(r, 'severity')],
    ['Last value', field(r, 'last_metric_value') ? `${field(r, 'last_metric_value')}${field(r, 'unit') === '%' ? '%' : field(r, 'unit') ? ` ${field(r, 'unit')}` : ''}` : undefined],
    ['Evaluation', [field(r, 'evaluation_health_label'), field(r, 'last_evaluated_at') ? `last ${field(r, 'last_evaluated_at')}` : undefined].filter(Boolean).join(', ') || undefined],
    ['Open incident', field(r, 'open_incident_id')],
    ['Notifies', Array.isArray(r.notification_channels) ? (r.notification_channels as unknown[]).join(', ') || 'nobody' : undefined],
    ['Description', field(r, 'description')],
  ],
  example: { name: 'vps-01-memory', id: 'b59f4752-f216-4a2e-a53f-0cf90d63c452' },
  inspect: ['get'],
  verbs: {
    get: { make: 'get' },
    delete: { make: 'delete' },
    enable: {
      make: 'switch',
      enabled: true,
      route: 'enabled',
      done: 'enabled',
      description: 'switch an alert rule on; nothing is sent if it is on already',
      examples: ['infra alerts resource rules enable vps-01-memory', 'infra alerts resource rules enable b59f4752-f216-4a2e-a53f-0cf90d63c452 --json'],
    },
    disable: {
      make: 'switch',
      enabled: false,
      route: 'enabled',
      done: 'disabled',
      description: 'switch an alert rule off (kept, not evaluated); nothing is sent if it is off already',
      examples: ['infra alerts resource rules disable vps-01-memory', 'infra alerts resource rules disable b59f4752-f216-4a2e-a53f-0cf90d63c452 --json'],
    },
  },
};

function eventsText(answer: Record<string, unknown>): string | undefined {
  const data = answer.data as Record<string, unknown> | undefined;
  const events = Array.isArray(data?.events) ? (data!.events as Record<string, unknown>[]) : [];
  return events.map((e) => [field(e, 'occurred_at'), field(e, 'type'), field(e, 'value') ? `value ${field(e, 'value')}` : undefined].filter(Boolean).join(' ')).join('; ') || undefined;
}

export const INCIDENTS: FamilySpec = {
  kind: ALERT_INCIDENT_KIND,
  command: 'alerts resource incidents',
  label: 'incident',
  columns: [
    idColumn(),
    { header: 'STATE', value: (i) => field(i, 'state') ?? '' },
    { header: 'SEVERITY', value: (i) => field(i, 'severity') ?? '', fit: { priority: 2 } },
    { header: 'RESOURCE', value: resourceOf, fit: { kind: 'text', min: 12, priority: 3 } },
    { header: 'TITLE', value: (i) => field(i, 'title') ?? '', fit: { kind: 'text', min: 14, priority: 3 } },
    { header: 'OPENED', value: (i) => field(i, 'opened_at') ?? '', fit: { ...TIMESTAMP_FIT, priority: 2 } },
    { header: 'RESOLVED', value: (i) => field(i, 'resolved_at') ?? '', fit: { ...TIMESTAMP_FIT, priority: 1 } },
  ],
  details: (i, answer) => [
    ['Title', field(i, 'title')],
    ['State', field(i, 'state')],
    ['Severity', field(i, 'severity')],
    [
      'Resource',
      [field(i, 'resource_label') ?? field(i, 'resource_type'), field(i, 'resource_name'), field(i, 'resource_id') ? `(${field(i, 'resource_id')})` : undefined].filter(Boolean).join(' ') || undefined,
    ],
    ['Summary', field(i, 'summary')],
    ['Trigger', field(i, 'trigger_value') ? `${field(i, 'trigger_value')} (${field(i, 'trigger_comparison_operator') ?? '?'} ${field(i, 'trigger_threshold') ?? '?'})` : undefined],
    ['Recovery', field(i, 'recovery_value')],
    ['Opened', field(i, 'opened_at')],
    ['Resolved', field(i, 'resolved_at') ?? (field(i, 'state') === 'open' ? 'not yet' : undefined)],
    ['Closed because', field(i, 'closure_reason')],
    ['Rule', field(i, 'rule_id')],
    ['Events', eventsText(answer)],
  ],
  example: { name: '42abffa0-9ba1-4725-aa03-b72ff6b74117', id: '42abffa0-9ba1-4725-aa03-b72ff6b74117' },
  verbs: {
    get: { make: 'get' },
  },
};
