// Metric alerts as a family of the generic commands: list, get and delete come from this spec.
// An alert changes at once (nothing to wait for); its `status` says whether it fired
// (active, triggered, resolved, disabled).
import { METRIC_ALERT_KIND } from '../../../client/monitoring.js';
import type { FamilySpec, Item } from '../../resource/family.js';
import { field, idColumn } from '../../resource/family.js';

const SYMBOL: Record<string, string> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };

/** `CPU Usage > 80% for 5 min`: the condition in the API's own labels where it sends them. */
export function conditionOf(a: Item): string {
  const metric = field(a, 'metric_label') ?? field(a, 'metric_type') ?? '?';
  const symbol = field(a, 'comparison_symbol') ?? SYMBOL[field(a, 'comparison_operator') ?? ''] ?? field(a, 'comparison_operator') ?? '?';
  const unit = field(a, 'metric_unit');
  const threshold = `${field(a, 'threshold_value') ?? '?'}${unit === '%' ? '%' : unit ? ` ${unit}` : ''}`;
  const minutes = field(a, 'duration_minutes');
  return `${metric} ${symbol} ${threshold}${minutes ? ` for ${minutes} min` : ''}`;
}

export const METRIC_ALERTS: FamilySpec = {
  kind: METRIC_ALERT_KIND,
  command: 'alerts metric',
  label: 'metric alert',
  columns: [
    idColumn(),
    { header: 'NAME', value: (a) => a.name ?? '', fit: { kind: 'text', min: 12 } },
    { header: 'RESOURCE', value: (a) => [field(a, 'resource_type'), field(a, 'resource_name') ?? field(a, 'resource_id')].filter(Boolean).join('/'), fit: { kind: 'text', min: 12, priority: 3 } },
    { header: 'CONDITION', value: (a) => conditionOf(a), fit: { kind: 'text', min: 16, priority: 4 } },
    { header: 'STATUS', value: (a) => a.status ?? '' },
    { header: 'LAST VALUE', value: (a) => field(a, 'last_metric_value') ?? '', fit: { priority: 2 } },
    { header: 'FIRED', value: (a) => field(a, 'trigger_count') ?? '', fit: { priority: 1 } },
  ],
  details: (a) => [
    ['Alert status', a.status ?? undefined],
    ['Enabled', a.enabled === undefined ? undefined : a.enabled ? 'yes' : 'no'],
    ['Resource', [field(a, 'resource_type'), field(a, 'resource_name'), field(a, 'resource_id') ? `(${field(a, 'resource_id')})` : undefined].filter(Boolean).join(' ') || undefined],
    ['Condition', conditionOf(a)],
    ['Last value', field(a, 'last_metric_value')],
    ['Fired', field(a, 'trigger_count') ? `${field(a, 'trigger_count')} times; last ${field(a, 'triggered_at') ?? '?'}` : 'never'],
    ['Resolved', field(a, 'resolved_at')],
    ['Notifies', Array.isArray(a.notification_channels) ? (a.notification_channels as unknown[]).join(', ') || 'nobody' : 'nobody'],
    ['Description', field(a, 'description')],
  ],
  example: { name: 'vps-01-cpu-high', id: 'c365bed1-9608-48bb-b49b-d284153538f1' },
  inspect: ['history'],
  verbs: {
    list: { make: 'list' },
    get: { make: 'get' },
    delete: { make: 'delete' },
    enable: {
      make: 'switch',
      enabled: true,
      route: 'toggle',
      done: 'enabled',
      description: 'switch a metric alert on (it is evaluated again); nothing is sent if it is on already',
      examples: ['infra alerts metric enable vps-01-cpu-high', 'infra alerts metric enable c365bed1-9608-48bb-b49b-d284153538f1 --json'],
    },
    disable: {
      make: 'switch',
      enabled: false,
      route: 'toggle',
      done: 'disabled',
      description: 'switch a metric alert off (kept, not evaluated); nothing is sent if it is off already',
      examples: ['infra alerts metric disable vps-01-cpu-high', 'infra alerts metric disable c365bed1-9608-48bb-b49b-d284153538f1 --json'],
    },
  },
};
