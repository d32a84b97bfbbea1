// The families `apply` and `export` handle besides containers, each as a table of the fields a
// create or an update can set (the API's Store*/Update* requests). What the server makes up
// (ids, statuses, endpoints, costs, times) is no field; neither is anything secret: a
// database's or cache's password is never in a list, and none of these requests take one.
import { datastoreKind, FIREWALL_KIND, QUEUE_KIND } from '../../client/families.js';
import { METRIC_ALERT_KIND, UPTIME_KIND } from '../../client/monitoring.js';
import { resourceAdapter, type Adapter } from './adapter.js';
import { at, type Field } from './fields.js';
import { normaliseRules } from './rules.js';

type Raw = Record<string, unknown>;

/** The engine's word: `provider.type` as read (postgresql, redis...), sent as `provider`. */
const engine: Field = { key: 'engine', type: 'text', update: false, wire: 'provider', read: (r) => at(r, 'provider', 'type') ?? at(r, 'engine', 'type') };

function datastoreFields(kind: 'database' | 'cache'): Field[] {
  return [
    { key: 'name', type: 'text', update: false },
    engine,
    { key: 'version', type: 'text', update: false },
    { key: 'datacenter', type: 'text', update: false },
    { key: 'network_tier', type: 'text', update: false },
    ...(kind === 'database' ? [{ key: 'database_name', type: 'text', nullable: true, update: false } as Field] : []),
    { key: 'resource_profile', type: 'text', update: true },
    ...(kind === 'database' ? [{ key: 'storage_size_gb', type: 'int', min: 1, update: true } as Field] : []),
    { key: 'automated_snapshots_enabled', type: 'bool', update: true },
  ];
}

export const DATABASES: Adapter = resourceAdapter({
  key: 'databases',
  family: 'database',
  kind: datastoreKind('database'),
  fields: datastoreFields('database'),
  required: ['engine', 'resource_profile'],
  defaults: { datacenter: 'fsn1' },
  follow: (ids) => ids.map((id) => `infra database wait ${id}`).join('; '),
});

export const CACHES: Adapter = resourceAdapter({
  key: 'caches',
  family: 'cache',
  kind: datastoreKind('cache'),
  fields: datastoreFields('cache'),
  required: ['engine', 'resource_profile'],
  defaults: { datacenter: 'fsn1' },
  follow: (ids) => ids.map((id) => `infra cache wait ${id}`).join('; '),
});

export const QUEUES: Adapter = resourceAdapter({
  key: 'queues',
  family: 'queue',
  kind: QUEUE_KIND,
  fields: [
    { key: 'name', type: 'text', update: false },
    { key: 'version', type: 'text', update: false },
    { key: 'datacenter', type: 'text', update: false },
    { key: 'resource_profile', type: 'text', update: true },
    { key: 'automated_snapshots_enabled', type: 'bool', update: true },
  ],
  required: ['resource_profile'],
  defaults: { datacenter: 'fsn1' },
  updateAccepted: true,
  follow: (ids) => ids.map((id) => `infra queue wait ${id}`).join('; '),
});

const CHANNELS = ['database', 'mail', 'webhook'];

export const UPTIME_CHECKS: Adapter = resourceAdapter({
  key: 'uptime_checks',
  family: 'uptime',
  kind: UPTIME_KIND,
  fields: [
    { key: 'name', type: 'text', update: false },
    { key: 'url', type: 'text', update: true },
    { key: 'method', type: 'text', choices: ['GET', 'HEAD'], update: true },
    // The request types it as the text "60" or "300"; a check reads it as a number.
    { key: 'interval_seconds', type: 'int', choices: [60, 300], update: true, read: (r) => (r.interval_seconds === undefined ? undefined : Number(r.interval_seconds)), toWire: (v) => String(v) },
    { key: 'timeout_seconds', type: 'int', min: 1, max: 30, update: true },
    { key: 'expected_status', type: 'text', update: true },
    { key: 'body_keyword', type: 'text', nullable: true, update: true },
    { key: 'follow_redirects', type: 'bool', update: true },
    { key: 'verify_tls', type: 'bool', update: true },
    { key: 'check_ssl_expiry', type: 'bool', update: true },
    { key: 'ssl_expiry_threshold_days', type: 'int', min: 1, max: 90, update: true },
    { key: 'failure_threshold', type: 'int', min: 1, max: 10, update: true },
    { key: 'notify_on_recovery', type: 'bool', update: true },
    { key: 'notification_channels', type: 'texts', set: true, choices: CHANNELS, update: true },
  ],
  required: ['url'],
  // The API's PUT requires name and url every time.
  updateBody: (changed, entry, live) => ({ name: entry.name, url: entry.values.url ?? live.raw.url, ...changed }),
});

export const METRIC_ALERTS: Adapter = resourceAdapter({
  key: 'metric_alerts',
  family: 'alerts',
  kind: METRIC_ALERT_KIND,
  fields: [
    { key: 'name', type: 'text', update: false },
    { key: 'description', type: 'text', nullable: true, update: true },
    { key: 'resource_type', type: 'text', choices: ['vps', 'kubernetes'], update: false },
    { key: 'resource_id', type: 'text', update: false },
    { key: 'metric_type', type: 'text', update: false },
    { key: 'comparison_operator', type: 'text', choices: ['gt', 'gte', 'lt', 'lte', 'eq'], update: true },
    { key: 'threshold_value', type: 'number', update: true },
    { key: 'duration_minutes', type: 'int', min: 1, update: true },
    { key: 'notification_channels', type: 'texts', set: true, choices: CHANNELS, update: true },
  ],
  required: ['resource_type', 'resource_id', 'metric_type', 'comparison_operator', 'threshold_value'],
  skip: (live) => (live.name ? undefined : `metric alert ${live.id} has no name, and a file matches alerts by name (name it: infra alerts metric update ${live.id} --name NAME)`),
});

export const FIREWALLS: Adapter = resourceAdapter({
  key: 'firewalls',
  family: 'firewall',
  kind: FIREWALL_KIND,
  fields: [
    { key: 'name', type: 'text', update: false },
    { key: 'description', type: 'text', nullable: true, update: true },
    { key: 'rules', type: 'rules', update: true, normalise: (v, where, live) => normaliseRules(v, where, live), toWire: (v) => (v as Raw[]).map((r, i) => ({ ...r, order: i + 1 })) },
  ],
  // A list item may come without its rules (the API loads them on the one-firewall read).
  lacks: (raw) => !Array.isArray(raw.rules),
});
