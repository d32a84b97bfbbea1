// Resource alerts (real-api ResourceAlertRuleResource / ResourceAlertIncidentResource and the
// /resource-alerts operations): rules on a resource's signal, the incidents they open, the
// sources that evaluate them and the catalog of what can be alerted on. Lists are cursor
// paged (`pagination {per_page, next_cursor, prev_cursor, has_more}`), not page numbered.
import { http } from 'msw';
import { iso, DAY, HOUR, MINUTE } from '../clock.js';
import { API, guarded, invalid, json, message, notFound, readJson, type Ctx } from '../http/common.js';
import { uuidFrom } from '../state/ids.js';
import type { World } from '../state/world.js';

import { SIGNALS, FAMILY_LABEL, CHANNELS, LIMITS, targetsOf, stateOf, ruleView, incidentView, cursorPage, ruleErrors, applyRule } from './resource-alerts-views.js';
import type { AlertIncidentRecord, AlertRuleRecord } from './resource-alerts-views.js';

export type { AlertIncidentRecord, AlertRuleRecord };

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
