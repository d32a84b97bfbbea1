// Resource alerts (real-api ResourceAlertRuleResource / ResourceAlertIncidentResource and the
// /resource-alerts operations): rules on a resource's signal, the incidents they open, the
// sources that evaluate them and the catalog of what can be alerted on. Lists are cursor
// paged (`pagination {per_page, next_cursor, prev_cursor, has_more}`), not page numbered.
import { http } from 'msw';
import { iso, DAY, HOUR, MINUTE } from '../clock.js';
import { API, guarded, invalid, json, message, notFound, readJson, type Ctx } from '../http/common.js';
import { uuidFrom } from '../state/ids.js';
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

const SIGNALS: Record<string, { key: string; label: string; unit: string }[]> = {
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
const FAMILY_LABEL: Record<string, string> = { vps: 'VPS', database: 'Database', kubernetes: 'Kubernetes' };
const SYMBOL: Record<string, string> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };
const CHANNELS = ['database', 'mail', 'webhook', 'slack', 'sms'];
const LIMITS = { per_resource: 10, per_team: 100 };

function targetsOf(world: World, team: number, type: string, now: number): { id: string; name: string }[] {
  if (type === 'vps')
    return world.vps
      .list(team)
      .filter((v) => !isGone(v.life, now))
      .map((v) => ({ id: v.id, name: v.name }));
  if (type === 'database') return world.databases.list(team).map((d) => ({ id: String(d.id), name: d.name }));
  return [];
}

const signalOf = (type: string, key: string) => SIGNALS[type]?.find((s) => s.key === key);
const stateOf = (r: AlertRuleRecord) => (!r.enabled ? 'disabled' : r.firing ? 'firing' : 'healthy');
const STATE_LABEL: Record<string, string> = { healthy: 'Healthy', firing: 'Firing', disabled: 'Disabled', pending: 'Pending', problem: 'Data unavailable' };

function ruleView(world: World, r: AlertRuleRecord, now: number) {
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

function incidentView(i: AlertIncidentRecord, withEvents: boolean) {
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
const cursorAt = (n: number) => Buffer.from(`o:${n}`).toString('base64url');
function offsetOf(cursor: string | null): number | undefined {
  if (cursor === null || cursor === '') return 0;
  const m = /^o:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString());
  return m ? Number(m[1]) : undefined;
}

function cursorPage<T>(ctx: Ctx, items: T[]): { data: T[]; pagination: Record<string, unknown> } | Response {
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

function ruleErrors(world: World, ctx: Ctx, body: Record<string, unknown>, create: boolean): Record<string, string[]> {
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

function applyRule(r: AlertRuleRecord, body: Record<string, unknown>, now: number): void {
  if (body.comparison_operator !== undefined) r.operator = body.comparison_operator as string;
  if (body.threshold_value !== undefined) r.threshold = body.threshold_value as number;
  if (typeof body.duration_minutes === 'number') r.durationMinutes = body.duration_minutes;
  if (typeof body.severity === 'string') r.severity = body.severity;
  if (Array.isArray(body.notification_channels)) r.channels = body.notification_channels as string[];
  if (body.name !== undefined) r.name = (body.name as string | null) || null;
  if (body.description !== undefined) r.description = (body.description as string | null) || null;
  r.updatedAt = now;
}

export function resourceAlertHandlers(world: World) {
  const base = `${API}/resource-alerts`;
  const rules = (ctx: Ctx) => world.monitoring.alertRules.list(ctx.team.id);
  const incidents = (ctx: Ctx) => world.monitoring.alertIncidents.list(ctx.team.id);
  const withRule = (perm: string, fn: (r: AlertRuleRecord, ctx: Ctx) => Response | Promise<Response>) =>
    guarded(world, perm, (ctx) => {
      const r = world.monitoring.alertRules.get(ctx.team.id, ctx.params.id);
      return r ? fn(r, ctx) : notFound('ResourceAlertRule', ctx.params.id);
    });
  const limits = (ctx: Ctx) => ({ ...LIMITS, team_used: rules(ctx).length });
  const q = (ctx: Ctx, k: string) => ctx.url.searchParams.get(k) || null;
  return [
    http.get(
      `${base}/catalog`,
      guarded(world, 'alert:read', (ctx) =>
        json({
          data: {
            families: [
              ...Object.entries(SIGNALS).map(([key, signals]) => ({
                key,
                label: FAMILY_LABEL[key]!,
                creatable: 'yes',
                availability: null,
                resources: targetsOf(world, ctx.team.id, key, ctx.now),
                signals,
              })),
              { key: 'kubernetes', label: 'Kubernetes', creatable: 'no', availability: 'Alerts for this family become available once its evaluation is switched on.', resources: [], signals: [] },
            ],
            channels: CHANNELS,
            limits: limits(ctx),
            dispatch_enabled: true,
          },
        }),
      ),
    ),
    http.get(
      `${base}/sources`,
      guarded(world, 'alert:read', (ctx) => {
        const open = incidents(ctx).filter((i) => i.state === 'open');
        const data = [
          {
            key: 'vps_metrics',
            label: 'VPS metrics',
            coverage_note: 'CPU, memory and disk of every VPS, every minute',
            notifies_customers: 'yes',
            state: 'healthy',
            last_succeeded_at: iso(ctx.now - (ctx.now % MINUTE)),
            last_error_code: null,
            open_conditions: open.filter((i) => i.resourceType === 'vps').length,
          },
          {
            key: 'database_metrics',
            label: 'Database metrics',
            coverage_note: 'Connections and replication of managed databases',
            notifies_customers: 'yes',
            state: 'stale',
            last_succeeded_at: iso(ctx.now - 47 * MINUTE),
            last_error_code: 'source.scrape_timeout',
            open_conditions: open.filter((i) => i.resourceType === 'database').length,
          },
          {
            key: 'kubernetes_metrics',
            label: 'Kubernetes metrics',
            coverage_note: 'Not evaluated yet',
            notifies_customers: 'no',
            state: 'never_ran',
            last_succeeded_at: null,
            last_error_code: null,
            open_conditions: 0,
          },
        ];
        return json({ data, degraded: data.some((s) => s.state === 'failing' || s.state === 'stale') });
      }),
    ),
    http.get(
      `${base}/incidents`,
      guarded(world, 'alert:read', (ctx) => {
        const state = q(ctx, 'state') ?? 'all';
        const errors: Record<string, string[]> = {};
        if (!['open', 'resolved', 'all'].includes(state)) errors.state = ['The selected state is invalid.'];
        const severity = q(ctx, 'severity');
        if (severity && severity !== 'warning' && severity !== 'critical') errors.severity = ['The selected severity is invalid.'];
        const since = q(ctx, 'since') ?? iso(ctx.now - 30 * DAY);
        const until = q(ctx, 'until') ?? iso(ctx.now);
        if (Number.isNaN(Date.parse(since))) errors.since = ['The since field must be a valid date.'];
        if (Number.isNaN(Date.parse(until))) errors.until = ['The until field must be a valid date.'];
        if (Object.keys(errors).length) return invalid(errors);
        const f = { state, severity, source: q(ctx, 'source'), resource_type: q(ctx, 'resource_type'), resource_id: q(ctx, 'resource_id'), signal_key: q(ctx, 'signal_key'), since, until };
        const items = incidents(ctx)
          .filter(
            (i) =>
              (state === 'all' || i.state === state) &&
              (!severity || i.severity === severity) &&
              (!f.resource_type || i.resourceType === f.resource_type) &&
              (!f.resource_id || i.resourceId === f.resource_id) &&
              (!f.signal_key || i.signalKey === f.signal_key) &&
              (!f.source || f.source === 'rule'),
          )
          .filter((i) => i.openedAt >= Date.parse(since) && i.openedAt <= Date.parse(until))
          .sort((a, b) => b.openedAt - a.openedAt);
        const page = cursorPage(ctx, items);
        if (page instanceof Response) return page;
        return json({ data: page.data.map((i) => incidentView(i, false)), filters: f, pagination: page.pagination });
      }),
    ),
    http.get(
      `${base}/incidents/:id`,
      guarded(world, 'alert:read', (ctx) => {
        const i = world.monitoring.alertIncidents.get(ctx.team.id, ctx.params.id);
        return i ? json({ data: incidentView(i, true) }) : notFound('ResourceAlertIncident', ctx.params.id);
      }),
    ),
    http.get(
      `${base}/rules`,
      guarded(world, 'alert:read', (ctx) => {
        const state = q(ctx, 'state') ?? 'all';
        if (!['all', 'healthy', 'pending', 'firing', 'disabled', 'problem'].includes(state)) return invalid({ state: ['The selected state is invalid.'] });
        const f = { state, severity: q(ctx, 'severity'), resource_type: q(ctx, 'resource_type'), resource_id: q(ctx, 'resource_id'), signal_key: q(ctx, 'signal_key') };
        const items = rules(ctx).filter(
          (r) =>
            (state === 'all' || stateOf(r) === state) &&
            (!f.severity || r.severity === f.severity) &&
            (!f.resource_type || r.resourceType === f.resource_type) &&
            (!f.resource_id || r.resourceId === f.resource_id) &&
            (!f.signal_key || r.signalKey === f.signal_key),
        );
        const page = cursorPage(ctx, items);
        if (page instanceof Response) return page;
        return json({ data: page.data.map((r) => ruleView(world, r, ctx.now)), filters: f, limits: limits(ctx), pagination: page.pagination });
      }),
    ),
    http.post(
      `${base}/rules`,
      guarded(world, 'alert:write', async (ctx) => {
        const body = await readJson(ctx.request);
        if (!body.ok) return body.response;
        const b = body.body;
        const e = ruleErrors(world, ctx, b, true);
        if (Object.keys(e).length) return invalid(e);
        const target = targetsOf(world, ctx.team.id, b.resource_type as string, ctx.now).find((t) => t.id === b.resource_id)!;
        const r = newRule({
          id: world.ids.uuid('alert-rule'),
          teamId: ctx.team.id,
          resourceType: b.resource_type as string,
          resourceId: target.id,
          resourceName: target.name,
          signalKey: b.signal_key as string,
          operator: b.comparison_operator as string,
          threshold: b.threshold_value as number,
          createdAt: ctx.now,
        });
        applyRule(r, b, ctx.now);
        world.monitoring.alertRules.add(r);
        return json({ message: 'Resource alert rule created', data: ruleView(world, r, ctx.now) }, 201);
      }),
    ),
    http.get(
      `${base}/rules/:id`,
      withRule('alert:read', (r, ctx) => json({ data: ruleView(world, r, ctx.now) })),
    ),
    http.put(
      `${base}/rules/:id`,
      withRule('alert:write', async (r, ctx) => {
        const body = await readJson(ctx.request);
        if (!body.ok) return body.response;
        const e = ruleErrors(world, ctx, body.body, false);
        if (Object.keys(e).length) return invalid(e);
        applyRule(r, body.body, ctx.now);
        return json({ message: 'Resource alert rule updated', data: ruleView(world, r, ctx.now) });
      }),
    ),
    http.delete(
      `${base}/rules/:id`,
      withRule('alert:delete', (r) => {
        world.monitoring.alertRules.remove(r);
        return message(200, 'Resource alert rule deleted');
      }),
    ),
    http.patch(
      `${base}/rules/:id/enabled`,
      withRule('alert:write', async (r, ctx) => {
        const body = await readJson(ctx.request);
        if (!body.ok) return body.response;
        if (typeof body.body.enabled !== 'boolean') return invalid({ enabled: [body.body.enabled === undefined ? 'The enabled field is required.' : 'The enabled field must be true or false.'] });
        r.enabled = body.body.enabled;
        r.updatedAt = ctx.now;
        return json({ message: r.enabled ? 'Resource alert rule enabled' : 'Resource alert rule disabled', data: ruleView(world, r, ctx.now) });
      }),
    ),
  ];
}

export function newRule(
  r: {
    id: string;
    teamId: number;
    resourceType: string;
    resourceId: string;
    resourceName: string;
    signalKey: string;
    operator: string;
    threshold: number;
    createdAt: number;
  } & Partial<AlertRuleRecord>,
): AlertRuleRecord {
  return { name: null, description: null, durationMinutes: 5, severity: 'warning', enabled: true, channels: ['database'], firing: false, lastValue: null, updatedAt: r.createdAt, ...r };
}

export const RESOURCE_ALERT_SEED = {
  rules: { memory: uuidFrom('seed/alert-rule/vps-01-memory'), connections: uuidFrom('seed/alert-rule/orders-pg-connections'), disk: uuidFrom('seed/alert-rule/vps-02-disk') },
  incidents: { open: uuidFrom('seed/alert-incident/vps-01-memory'), resolved: uuidFrom('seed/alert-incident/orders-pg-connections') },
} as const;

/** Team 1: a firing memory rule on vps-01 with its open incident, a healthy database rule with a resolved incident, a disabled disk rule. */
export function seedResourceAlerts(w: World, now: number, team: number, ids: { vps: { id: string; name: string }[]; database: { id: string; name: string } }): void {
  const [v1, v2] = ids.vps as [{ id: string; name: string }, { id: string; name: string }];
  const S = RESOURCE_ALERT_SEED;
  const rules = w.monitoring.alertRules;
  rules.add(
    newRule({
      id: S.rules.memory,
      teamId: team,
      name: 'vps-01-memory',
      resourceType: 'vps',
      resourceId: v1.id,
      resourceName: v1.name,
      signalKey: 'memory_usage',
      operator: 'gte',
      threshold: 90,
      severity: 'critical',
      channels: ['mail', 'slack'],
      firing: true,
      lastValue: 93.1,
      createdAt: now - 20 * DAY,
    }),
  );
  rules.add(
    newRule({
      id: S.rules.connections,
      teamId: team,
      name: 'orders-pg-connections',
      resourceType: 'database',
      resourceId: ids.database.id,
      resourceName: ids.database.name,
      signalKey: 'db_connection_usage',
      operator: 'gt',
      threshold: 80,
      lastValue: 35,
      createdAt: now - 40 * DAY,
    }),
  );
  rules.add(
    newRule({
      id: S.rules.disk,
      teamId: team,
      resourceType: 'vps',
      resourceId: v2.id,
      resourceName: v2.name,
      signalKey: 'disk_usage',
      operator: 'gte',
      threshold: 85,
      enabled: false,
      createdAt: now - 5 * DAY,
    }),
  );
  const inc = w.monitoring.alertIncidents;
  inc.add({
    id: S.incidents.open,
    teamId: team,
    ruleId: S.rules.memory,
    state: 'open',
    severity: 'critical',
    resourceType: 'vps',
    resourceId: v1.id,
    resourceName: v1.name,
    signalKey: 'memory_usage',
    triggerValue: '93.1',
    threshold: '90',
    operator: 'gte',
    recoveryValue: null,
    openedAt: now - 25 * MINUTE,
    resolvedAt: null,
  });
  inc.add({
    id: S.incidents.resolved,
    teamId: team,
    ruleId: S.rules.connections,
    state: 'resolved',
    severity: 'warning',
    resourceType: 'database',
    resourceId: ids.database.id,
    resourceName: ids.database.name,
    signalKey: 'db_connection_usage',
    triggerValue: '86',
    threshold: '80',
    operator: 'gt',
    recoveryValue: '41',
    openedAt: now - DAY - 2 * HOUR,
    resolvedAt: now - DAY - HOUR,
  });
}
