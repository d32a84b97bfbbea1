// The simulator's apps, uptime checks, metric alerts and resource alerts against the facts
// (test/fixtures/real-api.md, the 2026 edition that has them): every answer field by field, types
// included, in the seeded world and after the writes. Bent only where the facts' types are
// known to be loose (each bend says why).
import { describe, expect, it } from 'vitest';
import { APP_SEED } from '../../src/sim/families/apps.js';
import { METRIC_ALERT_SEED } from '../../src/sim/families/metric-alerts.js';
import { RESOURCE_ALERT_SEED } from '../../src/sim/families/resource-alerts.js';
import { UPTIME_SEED } from '../../src/sim/families/uptime.js';
import { checkValue, loadFacts, Shapes } from '../fixtures/facts.js';
import { SEED_IDS, simApi, useSimulator, type SimApi } from '../helpers/sim.js';

let api: SimApi;
useSimulator((sim) => (api = simApi(sim)));

/**
 * Where the simulator knowingly differs from the generated types:
 * - apps metrics `data.metrics` is typed `string`; the series are sent as
 *   `{name: {timestamps, values}}`, the shape of the provider's serverless metrics (docs/wire-format.md).
 * - `meta.limit`/`meta.hours` are typed `Record<string, never> | null` (a PHP int the generator
 *   could not type): the number asked for is sent back.
 */
const BENDS = ['data.metrics', 'meta.limit', 'meta.hours'];

describe('apps, uptime checks and alerts answer with the real shapes', () => {
  const shapes = new Shapes(loadFacts());
  const check = async (op: string, res: Response, status = 200) => {
    const text = await res.text();
    expect(res.status, `${op}: ${text.slice(0, 300)}`).toBe(status);
    const shape = shapes.response(op, status);
    expect(shape, `${op} ${status} is not in the facts`).toBeDefined();
    const problems = checkValue(JSON.parse(text), shape!.type, shapes, BENDS).filter((p) => !p.bent);
    expect(problems, `${op} ${status}`).toEqual([]);
    return JSON.parse(text) as Record<string, unknown>;
  };
  const A = '/api/v1';

  it('apps: catalog, list, show, metrics, credentials, logs, events, diagnose, writes and refusals, over time', async () => {
    await check('GET /api/v1/apps/catalog', await api.get(`${A}/apps/catalog`));
    const created = await check('POST /api/v1/apps', await api.send('POST', `${A}/apps`, { app_type: 'ghost', name: 'news', subdomain: 'news', resource_profile: 'medium', datacenter: 'fsn1' }), 201);
    const id = (created.instance as { id: string }).id;
    await check('POST /api/v1/apps', await api.send('POST', `${A}/apps`, { app_type: 'joomla', name: 'x', subdomain: 'shop', resource_profile: 'tiny', datacenter: 'nbg1' }), 422);
    await check('PUT /api/v1/apps/{appInstance}', await api.send('PUT', `${A}/apps/${APP_SEED.automations}`, { resource_profile: 'medium' }), 409);
    await check('POST /api/v1/apps/{appInstance}/restart', await api.send('POST', `${A}/apps/${APP_SEED.automations}/restart`), 422);
    for (const step of [0, 20, 45, 3600]) {
      api.advance(step);
      await check('GET /api/v1/apps', await api.get(`${A}/apps?per_page=50`));
      for (const app of [APP_SEED.shop, APP_SEED.automations, APP_SEED.journal, id]) {
        await check('GET /api/v1/apps/{appInstance}', await api.get(`${A}/apps/${app}`));
        await check('GET /api/v1/apps/{appInstance}/metrics', await api.get(`${A}/apps/${app}/metrics?hours=6&step=15m`));
        await check('GET /api/v1/apps/{appInstance}/credentials', await api.get(`${A}/apps/${app}/credentials`));
        await check('GET /api/v1/apps/{appInstance}/logs', await api.get(`${A}/apps/${app}/logs`));
        await check('GET /api/v1/apps/{appInstance}/events', await api.get(`${A}/apps/${app}/events`));
        await check('GET /api/v1/apps/{appInstance}/diagnose', await api.get(`${A}/apps/${app}/diagnose`));
      }
    }
    await check('GET /api/v1/apps/{appInstance}/metrics', await api.get(`${A}/apps/${id}/metrics?hours=0`), 422);
    await check('PUT /api/v1/apps/{appInstance}', await api.send('PUT', `${A}/apps/${id}`, { resource_profile: 'large' }));
    api.advance(60);
    await check('POST /api/v1/apps/{appInstance}/restart', await api.send('POST', `${A}/apps/${id}/restart`));
    api.advance(60);
    await check('DELETE /api/v1/apps/{appInstance}', await api.send('DELETE', `${A}/apps/${id}`));
    await check('DELETE /api/v1/apps/{appInstance}', await api.send('DELETE', `${A}/apps/${id}`), 422);
    api.advance(60);
    await check('GET /api/v1/apps/{appInstance}', await api.get(`${A}/apps/${id}`), 404);
  });

  it('uptime checks: CRUD, toggle, results, incidents, test, diagnose', async () => {
    await check('GET /api/v1/uptime-checks', await api.get(`${A}/uptime-checks`));
    for (const c of [UPTIME_SEED.api, UPTIME_SEED.homepage, UPTIME_SEED.status]) {
      await check('GET /api/v1/uptime-checks/{uptimeCheck}', await api.get(`${A}/uptime-checks/${c}`));
      await check('GET /api/v1/uptime-checks/{uptimeCheck}/results', await api.get(`${A}/uptime-checks/${c}/results`));
      await check('GET /api/v1/uptime-checks/{uptimeCheck}/incidents', await api.get(`${A}/uptime-checks/${c}/incidents`));
      await check('GET /api/v1/uptime-checks/{uptimeCheck}/diagnose', await api.get(`${A}/uptime-checks/${c}/diagnose`));
      await check('POST /api/v1/uptime-checks/{uptimeCheck}/test', await api.send('POST', `${A}/uptime-checks/${c}/test`));
    }
    const created = await check('POST /api/v1/uptime-checks', await api.send('POST', `${A}/uptime-checks`, { name: 'docs', url: 'https://docs.acme.example/', interval_seconds: '300' }), 201);
    const id = (created.check as { id: string }).id;
    await check('GET /api/v1/uptime-checks/{uptimeCheck}', await api.get(`${A}/uptime-checks/${id}`));
    await check('POST /api/v1/uptime-checks', await api.send('POST', `${A}/uptime-checks`, { url: 'ftp://x' }), 422);
    await check('PUT /api/v1/uptime-checks/{uptimeCheck}', await api.send('PUT', `${A}/uptime-checks/${id}`, { name: 'docs', url: 'https://docs.acme.example/v2', timeout_seconds: 5 }));
    await check('PATCH /api/v1/uptime-checks/{uptimeCheck}/toggle', await api.send('PATCH', `${A}/uptime-checks/${id}/toggle`));
    await check('DELETE /api/v1/uptime-checks/{uptimeCheck}', await api.send('DELETE', `${A}/uptime-checks/${id}`));
  });

  it('metric alerts: CRUD, toggle, history, available metrics, delivery preview', async () => {
    await check('GET /api/v1/metric-alerts', await api.get(`${A}/metric-alerts`));
    for (const a of Object.values(METRIC_ALERT_SEED)) {
      await check('GET /api/v1/metric-alerts/{metricAlert}', await api.get(`${A}/metric-alerts/${a}`));
      await check('GET /api/v1/metric-alerts/{metricAlert}/history', await api.get(`${A}/metric-alerts/${a}/history`));
      await check('GET /api/v1/metric-alerts/{metricAlert}/delivery-preview', await api.get(`${A}/metric-alerts/${a}/delivery-preview`));
    }
    await check('GET /api/v1/metric-alerts/available-metrics/{resourceType}', await api.get(`${A}/metric-alerts/available-metrics/vps`));
    await check('GET /api/v1/metric-alerts/available-metrics/{resourceType}', await api.get(`${A}/metric-alerts/available-metrics/bucket`));
    const created = await check(
      'POST /api/v1/metric-alerts',
      await api.send('POST', `${A}/metric-alerts`, { resource_type: 'vps', resource_id: SEED_IDS.vps[2], metric_type: 'cpu_usage', comparison_operator: 'gt', threshold_value: 75 }),
      201,
    );
    const id = (created.alert as { id: string }).id;
    await check('POST /api/v1/metric-alerts', await api.send('POST', `${A}/metric-alerts`, { resource_type: 'vps', resource_id: 'nope', metric_type: 'cpu_usage' }), 422);
    await check('PUT /api/v1/metric-alerts/{metricAlert}', await api.send('PUT', `${A}/metric-alerts/${id}`, { threshold_value: 70, name: 'cpu' }));
    await check('PATCH /api/v1/metric-alerts/{metricAlert}/toggle', await api.send('PATCH', `${A}/metric-alerts/${id}/toggle`));
    await check('DELETE /api/v1/metric-alerts/{metricAlert}', await api.send('DELETE', `${A}/metric-alerts/${id}`));
  });

  it('resource alerts: rules, incidents (list and one), sources, catalog', async () => {
    await check('GET /api/v1/resource-alerts/catalog', await api.get(`${A}/resource-alerts/catalog`));
    await check('GET /api/v1/resource-alerts/sources', await api.get(`${A}/resource-alerts/sources`));
    await check('GET /api/v1/resource-alerts/incidents', await api.get(`${A}/resource-alerts/incidents?per_page=1`));
    await check('GET /api/v1/resource-alerts/incidents', await api.get(`${A}/resource-alerts/incidents?state=nope`), 422);
    for (const i of Object.values(RESOURCE_ALERT_SEED.incidents)) await check('GET /api/v1/resource-alerts/incidents/{incident}', await api.get(`${A}/resource-alerts/incidents/${i}`));
    const list = await check('GET /api/v1/resource-alerts/rules', await api.get(`${A}/resource-alerts/rules?per_page=2`));
    expect((list.pagination as { has_more: boolean }).has_more).toBe(true);
    const created = await check(
      'POST /api/v1/resource-alerts/rules',
      await api.send('POST', `${A}/resource-alerts/rules`, { resource_type: 'vps', resource_id: SEED_IDS.vps[0], signal_key: 'cpu_usage', comparison_operator: 'gt', threshold_value: 90 }),
      201,
    );
    const id = (created.data as { id: string }).id;
    await check('POST /api/v1/resource-alerts/rules', await api.send('POST', `${A}/resource-alerts/rules`, { resource_type: 'vps' }), 422);
    await check('GET /api/v1/resource-alerts/rules/{rule}', await api.get(`${A}/resource-alerts/rules/${id}`));
    await check('PUT /api/v1/resource-alerts/rules/{rule}', await api.send('PUT', `${A}/resource-alerts/rules/${id}`, { severity: 'critical' }));
    await check('PATCH /api/v1/resource-alerts/rules/{rule}/enabled', await api.send('PATCH', `${A}/resource-alerts/rules/${id}/enabled`, { enabled: false }));
    await check('DELETE /api/v1/resource-alerts/rules/{rule}', await api.send('DELETE', `${A}/resource-alerts/rules/${id}`));
  });
});
