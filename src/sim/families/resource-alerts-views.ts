import { iso, MINUTE } from '../clock.js';
import { invalid, type Ctx } from '../http/common.js';
import { isGone } from '../state/lifecycle.js';
import type { World } from '../state/world.js';

export interface AlertRuleRecord {
  id: string;
  teamId: number;
  name: string | null;
  description: string | null;
  resourceType: string;
  resourceId: string;
  resourceName: string;
  signalKey: string;
  operator: string;
  threshold: number;
  durationMinutes: number;
  severity: string;
  enabled: boolean;
  channels: string[];
  firing: boolean;
  lastValue: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface AlertIncidentRecord {
  id: string;
  teamId: number;
  ruleId: string | null;
  state: 'open' | 'resolved';
  severity: string;
  resourceType: string;
  resourceId: string;
  resourceName: string;
  signalKey: string;
  triggerValue: string;
  threshold: string;
  operator: string;
  recoveryValue: string | null;
  openedAt: number;
  resolvedAt: number | null;
}

export const SIGNALS: Record<string, { key: string; label: string; unit: string }[]> = {
  vps: [
    { key: 'cpu_usage', label: 'CPU usage', unit: '%' },
    { key: 'memory_usage', label: 'Memory usage', unit: '%' },
    { key: 'disk_usage', label: 'Disk usage', unit: '%' },
  ],
  database: [
    { key: 'db_connection_usage', label: 'Connection usage', unit: '%' },
    { key: 'db_replication_lag', label: 'Replication lag', unit: 'seconds' },
  ],
};
export const FAMILY_LABEL: Record<string, string> = { vps: 'VPS', database: 'Database', kubernetes: 'Kubernetes' };
export const SYMBOL: Record<string, string> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };
export const CHANNELS = ['database', 'mail', 'webhook', 'slack', 'sms'];
export const LIMITS = { per_resource: 10, per_team: 100 };

export function targetsOf(world: World, team: number, type: string, now: number): { id: string; name: string }[] {
  if (type === 'vps')
    return world.vps
      .list(team)
      .filter((v) => !isGone(v.life, now))
      .map((v) => ({ id: v.id, name: v.name }));
  if (type === 'database') return world.databases.list(team).map((d) => ({ id: String(d.id), name: d.name }));
  return [];
}

export const signalOf = (type: string, key: string) => SIGNALS[type]?.find((s) => s.key === key);
export const stateOf = (r: AlertRuleRecord) => (!r.enabled ? 'disabled' : r.firing ? 'firing' : 'healthy');
export const STATE_LABEL: Record<string, string> = { healthy: 'Healthy', firing: 'Firing', disabled: 'Disabled', pending: 'Pending', problem: 'Data unavailable' };

export function ruleView(world: World, r: AlertRuleRecord, now: number) {
  const sig = signalOf(r.resourceType, r.signalKey);
  const state = stateOf(r);
  const open = world.monitoring.alertIncidents.list(r.teamId).find((i) => i.ruleId === r.id && i.state === 'open');
  const evaluated = r.enabled ? now - (now % MINUTE) : null;
  return {
    id: r.id,
    name: r.name,
    title: r.name ?? `${sig?.label ?? r.signalKey} ${SYMBOL[r.operator]} ${r.threshold}${sig?.unit === '%' ? '%' : ''} on ${r.resourceName}`,
    description: r.description,
    resource_type: r.resourceType,
    resource_label: FAMILY_LABEL[r.resourceType] ?? r.resourceType,
    resource_id: r.resourceId,
    resource_name: r.resourceName,
    resource_url: null,
    signal_key: r.signalKey,
    signal_label: sig?.label ?? r.signalKey,
    unit: sig?.unit ?? '',
    comparison_operator: r.operator,
    comparison_symbol: SYMBOL[r.operator] ?? '>',
    threshold_value: String(r.threshold),
    duration_minutes: r.durationMinutes,
    condition: `${sig?.label ?? r.signalKey} ${SYMBOL[r.operator]} ${r.threshold} for ${r.durationMinutes} min`,
    severity: r.severity,
    enabled: r.enabled,
    state,
    state_label: STATE_LABEL[state] ?? 'Healthy',
    condition_state: r.enabled ? (r.firing ? 'breaching' : 'ok') : null,
    evaluation_health: r.enabled ? 'ok' : null,
    evaluation_health_label: r.enabled ? 'OK' : 'No data',
    notification_channels: r.channels,
    last_metric_value: r.lastValue === null ? null : String(r.lastValue),
    last_evaluated_at: evaluated === null ? null : iso(evaluated),
    last_observed_at: evaluated === null ? null : iso(evaluated),
    next_evaluation_at: evaluated === null ? null : iso(evaluated + MINUTE),
    triggered_at: open ? iso(open.openedAt) : null,
    evaluation_interval_seconds: 60,
    recovery_duration_seconds: 300,
    open_incident_id: open?.id ?? null,
    created_by: 1,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  };
}

export function incidentView(i: AlertIncidentRecord, withEvents: boolean) {
  const sig = signalOf(i.resourceType, i.signalKey);
  const view: Record<string, unknown> = {
    id: i.id,
    rule_id: i.ruleId,
    state: i.state,
    severity: i.severity,
    source_type: 'rule',
    platform_managed: false,
    notification_origin: 'customer_rule',
    title: `${sig?.label ?? i.signalKey} on ${i.resourceName}`,
    summary: `${sig?.label ?? i.signalKey} was ${i.triggerValue}${sig?.unit === '%' ? '%' : ''} (threshold ${SYMBOL[i.operator]} ${i.threshold}).`,
    resource_type: i.resourceType,
    resource_label: FAMILY_LABEL[i.resourceType] ?? i.resourceType,
    resource_id: i.resourceId,
    resource_name: i.resourceName,
    resource_url: null,
    signal_key: i.signalKey,
    trigger_value: i.triggerValue,
    trigger_threshold: i.threshold,
    trigger_comparison_operator: i.operator,
    recovery_value: i.recoveryValue,
    closure_reason: i.state === 'resolved' ? 'recovered' : null,
    opened_at: iso(i.openedAt),
    resolved_at: i.resolvedAt === null ? null : iso(i.resolvedAt),
    last_observed_at: iso(i.resolvedAt ?? i.openedAt + 20 * MINUTE),
    details: `${i.resourceName}: ${i.signalKey} ${i.operator} ${i.threshold}`,
  };
  if (withEvents) {
    const ev = (n: number, type: string, at: number, value: string) => ({
      id: `${i.id}-e${n}`,
      type,
      occurred_at: iso(at),
      severity: i.severity,
      value,
      threshold: i.threshold,
      evaluation_health: 'ok',
      error_code: null,
      details: {},
      deliveries: ['mail'],
    });
    view.events = [ev(1, 'opened', i.openedAt, i.triggerValue), ...(i.resolvedAt === null ? [] : [ev(2, 'resolved', i.resolvedAt, i.recoveryValue ?? '')])];
  }
  return view;
}

/** The opaque cursor: the offset of the next item (clients must not read it). */
export const cursorAt = (n: number) => Buffer.from(`o:${n}`).toString('base64url');
export function offsetOf(cursor: string | null): number | undefined {
  if (cursor === null || cursor === '') return 0;
  const m = /^o:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString());
  return m ? Number(m[1]) : undefined;
}

export function cursorPage<T>(ctx: Ctx, items: T[]): { data: T[]; pagination: Record<string, unknown> } | Response {
  const raw = ctx.url.searchParams.get('per_page');
  // Larger pages than 100 are clamped (as page-numbered lists clamp theirs), not refused.
  const perPage = Math.min(100, raw === null ? 25 : Number(raw));
  const errors: Record<string, string[]> = {};
  if (!Number.isInteger(perPage) || perPage < 1) errors.per_page = ['The per page field must be at least 1.'];
  const at = offsetOf(ctx.url.searchParams.get('cursor'));
  if (at === undefined) errors.cursor = ['The cursor is invalid.'];
  if (Object.keys(errors).length) return invalid(errors);
  const data = items.slice(at!, at! + perPage);
  const more = at! + perPage < items.length;
  return { data, pagination: { per_page: perPage, next_cursor: more ? cursorAt(at! + perPage) : null, prev_cursor: at! > 0 ? cursorAt(Math.max(0, at! - perPage)) : null, has_more: more } };
}

export function ruleErrors(world: World, ctx: Ctx, body: Record<string, unknown>, create: boolean): Record<string, string[]> {
  const e: Record<string, string[]> = {};
  if (create) {
    const type = body.resource_type;
    if (typeof type !== 'string' || !SIGNALS[type]) e.resource_type = [type === undefined ? 'The resource type field is required.' : 'The selected resource type is invalid.'];
    else {
      if (!targetsOf(world, ctx.team.id, type, ctx.now).some((t) => t.id === body.resource_id))
        e.resource_id = [body.resource_id === undefined ? 'The resource id field is required.' : 'The selected resource id is invalid.'];
      if (!signalOf(type, String(body.signal_key))) e.signal_key = [body.signal_key === undefined ? 'The signal key field is required.' : 'The selected signal key is invalid.'];
    }
    if (body.comparison_operator === undefined) e.comparison_operator = ['The comparison operator field is required.'];
    if (body.threshold_value === undefined) e.threshold_value = ['The threshold value field is required.'];
  }
  if (body.comparison_operator !== undefined && !((body.comparison_operator as string) in SYMBOL)) e.comparison_operator = ['The selected comparison operator is invalid.'];
  if (body.threshold_value !== undefined && (typeof body.threshold_value !== 'number' || !Number.isFinite(body.threshold_value))) e.threshold_value = ['The threshold value field must be a number.'];
  const d = body.duration_minutes;
  if (d !== undefined && d !== null && (typeof d !== 'number' || !Number.isInteger(d) || d < 1 || d > 1440)) e.duration_minutes = ['The duration minutes field must be between 1 and 1440.'];
  if (body.severity !== undefined && body.severity !== null && body.severity !== 'warning' && body.severity !== 'critical') e.severity = ['The selected severity is invalid.'];
  const ch = body.notification_channels;
  if (ch !== undefined && ch !== null && !(Array.isArray(ch) && ch.every((x) => CHANNELS.includes(x as string)))) e.notification_channels = ['The selected notification channels is invalid.'];
  return e;
}

export function applyRule(r: AlertRuleRecord, body: Record<string, unknown>, now: number): void {
  if (body.comparison_operator !== undefined) r.operator = body.comparison_operator as string;
  if (body.threshold_value !== undefined) r.threshold = body.threshold_value as number;
  if (typeof body.duration_minutes === 'number') r.durationMinutes = body.duration_minutes;
  if (typeof body.severity === 'string') r.severity = body.severity;
  if (Array.isArray(body.notification_channels)) r.channels = body.notification_channels as string[];
  if (body.name !== undefined) r.name = (body.name as string | null) || null;
  if (body.description !== undefined) r.description = (body.description as string | null) || null;
  r.updatedAt = now;
}
