// Metric alerts (real-api MetricAlertResource and the /metric-alerts operations): thresholds on
// a VPS's metrics. CRUD on the generic engine (synchronous), plus toggle, history, the
// metrics a resource type can alert on, and where a firing alert would be delivered.
import { http } from 'msw';
import { iso, DAY, HOUR, MINUTE } from '../clock.js';
import { API, guarded, intParam, invalid, json, notFound, type Ctx } from '../http/common.js';
import { familyHandlers, type FamilyDef, type FamilyRecord } from '../http/family.js';
import { isGone, lifecycle } from '../state/lifecycle.js';
import { uuidFrom } from '../state/ids.js';
import type { World } from '../state/world.js';

export interface AlertEvent {
  event_type: 'triggered' | 'resolved';
  metric_value: number | null;
  threshold_value: number | null;
  occurred_at: string;
}

export interface MetricAlertRecord extends FamilyRecord {
  id: string;
  description: string | null;
  /** null: the API's `name` is null (people then see the metric and resource). */
  givenName: string | null;
  resourceType: string;
  resourceId: string;
  resourceName: string;
  metricType: string;
  operator: string;
  threshold: number;
  durationMinutes: number;
  enabled: boolean;
  channels: string[] | null;
  /** Newest first. */
  history: AlertEvent[];
  lastValue: number | null;
  createdAt: number;
}

/** GET /metric-alerts/available-metrics/{resourceType}: what each alertable type offers. */
export const ALERTABLE: Record<string, { metric_type: string; label: string; unit: string }[]> = {
  vps: [
    { metric_type: 'cpu_usage', label: 'CPU Usage', unit: '%' },
    { metric_type: 'memory_usage', label: 'Memory Usage', unit: '%' },
    { metric_type: 'disk_usage', label: 'Disk Usage', unit: '%' },
    { metric_type: 'network_receive_rate', label: 'Network Receive Rate', unit: 'bytes/s' },
    { metric_type: 'network_transmit_rate', label: 'Network Transmit Rate', unit: 'bytes/s' },
    { metric_type: 'cpu_steal', label: 'CPU Steal', unit: '%' },
    { metric_type: 'load_ratio', label: 'Load Ratio', unit: 'ratio' },
  ],
  kubernetes: [
    { metric_type: 'request_rate', label: 'Request Rate', unit: 'req/s' },
    { metric_type: 'request_latency_p99', label: 'Request Latency (p99)', unit: 'ms' },
    { metric_type: 'error_rate', label: 'Error Rate', unit: '%' },
  ],
};
const SYMBOL: Record<string, string> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };
const CATEGORY: Record<string, string> = { cpu_usage: 'cpu_threshold_exceeded', memory_usage: 'memory_threshold_exceeded', disk_usage: 'disk_threshold_exceeded' };

function metricOf(type: string) {
  return Object.values(ALERTABLE)
    .flat()
    .find((m) => m.metric_type === type);
}

function statusOf(a: MetricAlertRecord): 'active' | 'triggered' | 'resolved' | 'disabled' {
  if (!a.enabled) return 'disabled';
  const last = a.history[0];
  return !last ? 'active' : last.event_type === 'triggered' ? 'triggered' : 'resolved';
}

export const metricAlertFamily: FamilyDef<MetricAlertRecord> = {
  path: 'metric-alerts',
  model: 'MetricAlert',
  permission: 'alert',
  wrapper: 'alert',
  family: 'metric_alert',
  store: (w) => w.monitoring.metricAlerts,
  view: (a) => {
    const status = statusOf(a);
    const m = metricOf(a.metricType);
    const triggered = a.history.find((e) => e.event_type === 'triggered');
    const resolved = a.history.find((e) => e.event_type === 'resolved');
    const observed = a.history[0]?.occurred_at ?? iso(a.updatedAt);
    return {
      id: a.id,
      name: a.givenName,
      description: a.description,
      status,
      status_details: {
        summary: status === 'disabled' ? 'stopped' : 'ready',
        health: status === 'triggered' ? 'unhealthy' : status === 'disabled' ? 'unknown' : 'healthy',
        observed_at: observed,
        stale: false,
        operation: { state: 'succeeded', terminal: true },
        error: null,
      },
      capabilities: { logs: false, events: false, diagnose: false },
      enabled: a.enabled,
      resource_type: a.resourceType,
      resource_id: a.resourceId,
      resource_name: a.resourceName,
      metric_type: a.metricType,
      metric_label: m?.label ?? null,
      metric_unit: m?.unit ?? null,
      comparison_operator: a.operator,
      comparison_symbol: SYMBOL[a.operator] ?? null,
      threshold_value: a.threshold,
      last_metric_value: a.lastValue,
      duration_minutes: a.durationMinutes,
      consecutive_breaches: status === 'triggered' ? a.durationMinutes : 0,
      trigger_count: a.history.filter((e) => e.event_type === 'triggered').length,
      notification_channels: a.channels,
      last_evaluated_at: a.enabled ? observed : null,
      triggered_at: triggered?.occurred_at ?? null,
      resolved_at: resolved?.occurred_at ?? null,
      team_id: a.teamId,
      created_at: iso(a.createdAt),
      updated_at: iso(a.updatedAt),
    };
  },
  create: {
    message: 'Metric alert created',
    build: (body, ctx) => {
      const e: Record<string, string[]> = {};
      const type = body.resource_type;
      if (type !== 'vps' && type !== 'kubernetes') e.resource_type = [type === undefined ? 'The resource type field is required.' : 'The selected resource type is invalid.'];
      const target = type === 'vps' && typeof body.resource_id === 'string' ? ctx.world.vps.get(ctx.team.id, body.resource_id) : undefined;
      if (typeof body.resource_id !== 'string' || body.resource_id === '') e.resource_id = ['The resource id field is required.'];
      else if (!target || isGone(target.life, ctx.now)) e.resource_id = ['The selected resource id is invalid.'];
      const metrics = typeof type === 'string' ? (ALERTABLE[type] ?? []) : [];
      if (typeof body.metric_type !== 'string') e.metric_type = ['The metric type field is required.'];
      else if (!metrics.some((m) => m.metric_type === body.metric_type)) e.metric_type = ['The selected metric type is invalid.'];
      Object.assign(e, fieldErrors(body, true));
      if (Object.keys(e).length || !target) return { errors: e };
      const a = newAlert({
        id: ctx.world.ids.uuid('metric-alert'),
        teamId: ctx.team.id,
        resourceType: type as string,
        resourceId: target.id,
        resourceName: target.name,
        metricType: body.metric_type as string,
        operator: body.comparison_operator as string,
        threshold: body.threshold_value as number,
        createdAt: ctx.now,
      });
      apply(a, body);
      return { record: a };
    },
  },
  update: {
    message: 'Metric alert updated',
    apply: (a, body) => {
      const e = fieldErrors(body, false);
      if (e) return e;
      apply(a, body);
      return undefined;
    },
  },
  destroy: { message: 'Metric alert deleted', refusal: 'Metric alert cannot be deleted' },
};

function fieldErrors(body: Record<string, unknown>, create: boolean): Record<string, string[]> | undefined {
  const e: Record<string, string[]> = {};
  if (create && body.comparison_operator === undefined) e.comparison_operator = ['The comparison operator field is required.'];
  else if (body.comparison_operator !== undefined && !((body.comparison_operator as string) in SYMBOL)) e.comparison_operator = ['The selected comparison operator is invalid.'];
  if (create && body.threshold_value === undefined) e.threshold_value = ['The threshold value field is required.'];
  else if (body.threshold_value !== undefined && (typeof body.threshold_value !== 'number' || !Number.isFinite(body.threshold_value)))
    e.threshold_value = ['The threshold value field must be a number.'];
  const d = body.duration_minutes;
  if (d !== undefined && (typeof d !== 'number' || !Number.isInteger(d) || d < 1 || d > 1440)) e.duration_minutes = ['The duration minutes field must be between 1 and 1440.'];
  const ch = body.notification_channels;
  if (ch !== undefined && ch !== null && !(Array.isArray(ch) && ch.every((x) => ['database', 'mail', 'webhook'].includes(x as string))))
    e.notification_channels = ['The selected notification channels is invalid.'];
  return Object.keys(e).length ? e : undefined;
}

function apply(a: MetricAlertRecord, body: Record<string, unknown>): void {
  if (body.comparison_operator !== undefined) a.operator = body.comparison_operator as string;
  if (body.threshold_value !== undefined) a.threshold = body.threshold_value as number;
  if (body.duration_minutes !== undefined) a.durationMinutes = body.duration_minutes as number;
  if (body.name !== undefined) a.givenName = (body.name as string | null) || null;
  if (a.givenName) a.name = a.givenName;
  if (body.description !== undefined) a.description = (body.description as string | null) || null;
  if (body.notification_channels !== undefined) a.channels = body.notification_channels as string[] | null;
}

export function newAlert(
  r: {
    id: string;
    teamId: number;
    resourceType: string;
    resourceId: string;
    resourceName: string;
    metricType: string;
    operator: string;
    threshold: number;
    createdAt: number;
  } & Partial<MetricAlertRecord>,
): MetricAlertRecord {
  return {
    givenName: null,
    description: null,
    durationMinutes: 5,
    enabled: true,
    channels: ['database'],
    history: [],
    lastValue: null,
    updatedAt: r.createdAt,
    life: lifecycle(r.createdAt, 'active'),
    name: r.givenName ?? '',
    ...r,
  };
}

function alertExtras(world: World) {
  const find = (ctx: Ctx) => world.monitoring.metricAlerts.get(ctx.team.id, ctx.params.id);
  const withAlert = (perm: string, fn: (a: MetricAlertRecord, ctx: Ctx) => Response) =>
    guarded(world, perm, (ctx) => {
      const a = find(ctx);
      return a ? fn(a, ctx) : notFound('MetricAlert', ctx.params.id);
    });
  const base = `${API}/metric-alerts`;
  const view = (a: MetricAlertRecord, ctx: Ctx) => metricAlertFamily.view(a, { status: '', details: {} as never, now: ctx.now }, ctx);
  return [
    http.get(
      `${base}/available-metrics/:type`,
      guarded(world, 'alert:read', (ctx) => {
        const type = ctx.params.type!;
        return json({ data: ALERTABLE[type] ?? [], meta: { resource_type: type, alertable: type in ALERTABLE, alertable_resource_types: Object.keys(ALERTABLE) } });
      }),
    ),
    http.patch(
      `${base}/:id/toggle`,
      withAlert('alert:write', (a, ctx) => {
        a.enabled = !a.enabled;
        a.updatedAt = ctx.now;
        return json({ message: a.enabled ? 'Metric alert enabled' : 'Metric alert disabled', alert: view(a, ctx) });
      }),
    ),
    http.get(
      `${base}/:id/history`,
      withAlert('alert:read', (a, ctx) => {
        const errors: Record<string, string[]> = {};
        const limit = intParam(ctx.url, 'limit', 50, 1, 500, errors);
        if (Object.keys(errors).length) return invalid(errors);
        return json({ data: a.history.slice(0, limit), meta: { limit: ctx.url.searchParams.has('limit') ? limit : null } });
      }),
    ),
    http.get(
      `${base}/:id/delivery-preview`,
      withAlert('alert:read', (a) => {
        const recipients = (a.channels ?? []).map((c) =>
          c === 'mail'
            ? { channel: 'mail', to: 'ops@acme.example' }
            : c === 'webhook'
              ? { channel: 'webhook', to: 'https://hooks.acme.example/infra' }
              : { channel: 'database', to: 'in-app notifications' },
        );
        return json({ data: { rule_id: a.id, category: CATEGORY[a.metricType] ?? 'resource_alert_triggered', recipients, delivers: a.enabled && recipients.length > 0 } });
      }),
    ),
  ];
}

export function metricAlertHandlers(world: World) {
  return [...alertExtras(world), ...familyHandlers(world, metricAlertFamily)];
}

export const METRIC_ALERT_SEED = { cpu: uuidFrom('seed/metric-alert/vps-01-cpu'), disk: uuidFrom('seed/metric-alert/vps-01-disk'), memory: uuidFrom('seed/metric-alert/vps-02-memory') } as const;

/** Team 1: a CPU alert on vps-01 that fired (history), a quiet disk alert, a disabled one without a name. */
export function seedMetricAlerts(w: World, now: number, team: number, vps: { id: string; name: string }[]): void {
  const [v1, v2] = vps as [{ id: string; name: string }, { id: string; name: string }];
  const store = w.monitoring.metricAlerts;
  store.add(
    newAlert({
      id: METRIC_ALERT_SEED.cpu,
      teamId: team,
      givenName: 'vps-01-cpu-high',
      name: 'vps-01-cpu-high',
      description: 'Sustained CPU on the build box',
      resourceType: 'vps',
      resourceId: v1.id,
      resourceName: v1.name,
      metricType: 'cpu_usage',
      operator: 'gt',
      threshold: 80,
      durationMinutes: 5,
      channels: ['mail', 'database'],
      lastValue: 88.4,
      createdAt: now - 14 * DAY,
      history: [
        { event_type: 'triggered', metric_value: 88.4, threshold_value: 80, occurred_at: iso(now - 12 * MINUTE) },
        { event_type: 'resolved', metric_value: 42, threshold_value: 80, occurred_at: iso(now - 90 * MINUTE) },
        { event_type: 'triggered', metric_value: 91.2, threshold_value: 80, occurred_at: iso(now - 2 * HOUR) },
      ],
    }),
  );
  store.add(
    newAlert({
      id: METRIC_ALERT_SEED.disk,
      teamId: team,
      givenName: 'vps-01-disk',
      name: 'vps-01-disk',
      resourceType: 'vps',
      resourceId: v1.id,
      resourceName: v1.name,
      metricType: 'disk_usage',
      operator: 'gte',
      threshold: 90,
      durationMinutes: 15,
      lastValue: 41.5,
      createdAt: now - 7 * DAY,
    }),
  );
  store.add(
    newAlert({
      id: METRIC_ALERT_SEED.memory,
      teamId: team,
      resourceType: 'vps',
      resourceId: v2.id,
      resourceName: v2.name,
      metricType: 'memory_usage',
      operator: 'gte',
      threshold: 95,
      enabled: false,
      channels: null,
      createdAt: now - 30 * DAY,
    }),
  );
}
