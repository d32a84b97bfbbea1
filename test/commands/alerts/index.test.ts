// Metric alerts and resource alerts end to end against the simulator: each command's
// requests (bodies included), exit codes, stdout and stderr.
import { describe, expect, it } from 'vitest';
import { METRIC_ALERT_SEED } from '../../../src/sim/families/metric-alerts.js';
import { RESOURCE_ALERT_SEED } from '../../../src/sim/families/resource-alerts.js';
import { onlyJson } from '../../helpers/cli.js';
import { requestLines, SEED_IDS, useHarness, type Harness } from '../../helpers/sim.js';

let h: Harness;
useHarness((x) => (h = x));

const M = '/api/v1/metric-alerts';
const R = '/api/v1/resource-alerts';
const writes = () => requestLines(h.sim).filter((l) => !l.startsWith('GET '));
const sent = (method: string) => h.sim.requests.find((q) => q.method === method)?.body as Record<string, unknown>;

describe('alerts metric', () => {
  it('list and get: the condition in words, the alert that fired', async () => {
    const r = await h.cli(['alerts', 'metric', 'list']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^${METRIC_ALERT_SEED.cpu}\tvps-01-cpu-high\tvps/vps-01\tCPU Usage > 80% for 5 min\ttriggered\t88\\.4\t2$`, 'm'));
    const g = await h.cli(['alerts', 'metric', 'get', 'vps-01-cpu-high']);
    expect(g.stdout).toMatch(/Fired:\s+2 times; last /);
    expect(g.stdout).toMatch(/Notifies:\s+mail, database/);
  });

  it('create: a VPS by name, the body as the API names it', async () => {
    const r = await h.cli([
      'alerts',
      'metric',
      'create',
      '--resource',
      'vps-03',
      '--metric',
      'cpu_usage',
      '--operator',
      'gt',
      '--threshold',
      '75.5',
      '--duration',
      '10',
      '--name',
      'vps-03-cpu',
      '--notify',
      'mail',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(sent('POST')).toEqual({
      resource_type: 'vps',
      resource_id: SEED_IDS.vps[2],
      metric_type: 'cpu_usage',
      comparison_operator: 'gt',
      threshold_value: 75.5,
      duration_minutes: 10,
      name: 'vps-03-cpu',
      notification_channels: ['mail'],
    });
    expect(r.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
  });

  it("create: missing condition or a bad number is exit 2 before any request; the API's field errors exit 2", async () => {
    expect((await h.cli(['alerts', 'metric', 'create', '--resource', 'vps-03', '--metric', 'cpu_usage'])).code).toBe(2);
    expect((await h.cli(['alerts', 'metric', 'create', '--resource', 'vps-03', '--metric', 'cpu_usage', '--operator', 'gt', '--threshold', 'lots'])).code).toBe(2);
    expect(requestLines(h.sim)).toEqual([]);
    const r = await h.cli(['alerts', 'metric', 'create', '--resource', 'vps-03', '--metric', 'request_rate', '--operator', 'gt', '--threshold', '5']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('metric_type: The selected metric type is invalid.');
  });

  it('update: only the changed fields', async () => {
    const r = await h.cli(['alerts', 'metric', 'update', 'vps-01-disk', '--threshold', '80', '--notify', 'webhook']);
    expect(r.code, r.stderr).toBe(0);
    expect(sent('PUT')).toEqual({ threshold_value: 80, notification_channels: ['webhook'] });
    expect((await h.cli(['alerts', 'metric', 'update', 'vps-01-disk'])).code).toBe(2);
  });

  it('disable / enable: one toggle each, none when already so', async () => {
    const off = await h.cli(['alerts', 'metric', 'disable', 'vps-01-disk']);
    expect(off.code, off.stderr).toBe(0);
    expect(writes()).toEqual([`PATCH ${M}/${METRIC_ALERT_SEED.disk}/toggle`]);
    h.sim.requests.length = 0;
    expect((await h.cli(['alerts', 'metric', 'disable', 'vps-01-disk'])).stderr).toContain('already disabled');
    expect(writes()).toEqual([]);
    const on = await h.cli(['alerts', 'metric', 'enable', METRIC_ALERT_SEED.memory, '--json']);
    expect(onlyJson(on.stdout)).toMatchObject({ message: 'Metric alert enabled', alert: { enabled: true } });
  });

  it('history, metrics <type>, preview', async () => {
    const hist = await h.cli(['alerts', 'metric', 'history', 'vps-01-cpu-high', '--limit', '2']);
    expect(hist.code, hist.stderr).toBe(0);
    expect(hist.stdout).toMatch(/^\S+\ttriggered\t88\.4\t80\n\S+\tresolved\t42\t80\n$/m);
    expect(h.sim.requests.at(-1)?.query).toMatchObject({ limit: '2' });
    const m = await h.cli(['alerts', 'metric', 'metrics', 'vps']);
    expect(m.stdout).toMatch(/^cpu_usage\tCPU Usage\t%$/m);
    const none = await h.cli(['alerts', 'metric', 'metrics', 'bucket']);
    expect(none.code).toBe(0);
    expect(none.stderr).toContain('bucket resources cannot have metric alerts; these can: vps, kubernetes');
    const p = await h.cli(['alerts', 'metric', 'preview', 'vps-01-cpu-high']);
    expect(p.stdout).toMatch(/Category:\s+cpu_threshold_exceeded/);
    expect(p.stdout).toMatch(/Recipients:\s+mail: ops@acme\.example/);
    const silent = await h.cli(['alerts', 'metric', 'preview', METRIC_ALERT_SEED.memory]);
    expect(silent.stderr).toContain('nothing would be delivered');
  });

  it('delete: --yes, then gone (404: exit 5)', async () => {
    expect((await h.cli(['alerts', 'metric', 'delete', 'vps-01-disk'])).code).toBe(2);
    const r = await h.cli(['alerts', 'metric', 'delete', 'vps-01-disk', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(writes()).toEqual([`DELETE ${M}/${METRIC_ALERT_SEED.disk}`]);
    expect((await h.cli(['alerts', 'metric', 'get', METRIC_ALERT_SEED.disk])).code).toBe(5);
  });
});

describe('alerts resource rules', () => {
  it('list: every page followed by cursor; filters sent as the API names them', async () => {
    const r = await h.cli(['alerts', 'resource', 'rules', 'list', '--per-page', '1']);
    expect(r.code, r.stderr).toBe(0);
    expect(requestLines(h.sim)).toEqual([`GET ${R}/rules`, `GET ${R}/rules`, `GET ${R}/rules`]);
    expect(r.stdout).toMatch(new RegExp(`^${RESOURCE_ALERT_SEED.rules.memory}\tvps-01-memory\tvps/vps-01\tMemory usage >= 90 for 5 min\tcritical\tfiring\t93\\.1$`, 'm'));
    expect(r.stdout.trim().split('\n')).toHaveLength(4);
    h.sim.requests.length = 0;
    const f = await h.cli(['alerts', 'resource', 'rules', 'list', '--state', 'firing', '--resource-type', 'vps']);
    expect(h.sim.requests[0]?.query).toMatchObject({ state: 'firing', resource_type: 'vps' });
    expect(f.stdout.trim().split('\n')).toHaveLength(2);
  });

  it('list --limit: stops there and prints the cursor that goes on', async () => {
    const r = await h.cli(['alerts', 'resource', 'rules', 'list', '--limit', '2']);
    expect(r.stdout.trim().split('\n')).toHaveLength(3);
    const cursor = /--cursor (\S+)/.exec(r.stderr)?.[1];
    expect(cursor).toBeDefined();
    const rest = await h.cli(['alerts', 'resource', 'rules', 'list', '--cursor', cursor!, '--json']);
    expect((JSON.parse(rest.stdout) as { id: string }[]).map((x) => x.id)).toEqual([RESOURCE_ALERT_SEED.rules.disk]);
  });

  it('get by name and by title', async () => {
    expect((await h.cli(['alerts', 'resource', 'rules', 'get', 'vps-01-memory'])).stdout).toMatch(/Open incident:\s+42abffa0/);
    const byTitle = await h.cli(['alerts', 'resource', 'rules', 'get', 'Disk usage >= 85% on vps-02', '--json']);
    expect(onlyJson(byTitle.stdout)).toMatchObject({ id: RESOURCE_ALERT_SEED.rules.disk, enabled: false });
  });

  it('create: a database by name; update; disable/enable with {enabled}; delete', async () => {
    const c = await h.cli([
      'alerts',
      'resource',
      'rules',
      'create',
      '--resource-type',
      'database',
      '--resource',
      'orders-pg',
      '--signal',
      'db_replication_lag',
      '--operator',
      'gt',
      '--threshold',
      '30',
      '--severity',
      'critical',
      '--notify',
      'slack',
    ]);
    expect(c.code, c.stderr).toBe(0);
    expect(sent('POST')).toEqual({
      resource_type: 'database',
      resource_id: SEED_IDS.postgres,
      signal_key: 'db_replication_lag',
      severity: 'critical',
      comparison_operator: 'gt',
      threshold_value: 30,
      notification_channels: ['slack'],
    });
    const id = c.stdout.trim();
    h.sim.requests.length = 0;
    expect((await h.cli(['alerts', 'resource', 'rules', 'update', id, '--threshold', '60', '--severity', 'warning'])).code).toBe(0);
    expect(sent('PUT')).toEqual({ severity: 'warning', threshold_value: 60 });
    h.sim.requests.length = 0;
    expect((await h.cli(['alerts', 'resource', 'rules', 'disable', id])).code).toBe(0);
    expect(sent('PATCH')).toEqual({ enabled: false });
    expect(writes()).toEqual([`PATCH ${R}/rules/${id}/enabled`]);
    h.sim.requests.length = 0;
    expect((await h.cli(['alerts', 'resource', 'rules', 'enable', id])).code).toBe(0);
    expect(sent('PATCH')).toEqual({ enabled: true });
    expect((await h.cli(['alerts', 'resource', 'rules', 'delete', id, '--yes'])).code).toBe(0);
    expect((await h.cli(['alerts', 'resource', 'rules', 'get', id])).code).toBe(5);
  });

  it("create: the API's field errors are exit 2", async () => {
    const r = await h.cli(['alerts', 'resource', 'rules', 'create', '--resource-type', 'vps', '--resource', 'vps-01', '--signal', 'db_replication_lag', '--operator', 'gt', '--threshold', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('signal_key: The selected signal key is invalid.');
  });
});

describe('alerts resource incidents / sources / catalog', () => {
  it('incidents list (with --state) and get with its events', async () => {
    const all = await h.cli(['alerts', 'resource', 'incidents', 'list']);
    expect(all.stdout.trim().split('\n')).toHaveLength(3);
    const open = await h.cli(['alerts', 'resource', 'incidents', 'list', '--state', 'open', '--since', '2020-01-01T00:00:00Z']);
    expect(h.sim.requests.at(-1)?.query).toMatchObject({ state: 'open', since: '2020-01-01T00:00:00Z' });
    expect(open.stdout).toMatch(new RegExp(`^${RESOURCE_ALERT_SEED.incidents.open}\topen\tcritical\tvps/vps-01\tMemory usage on vps-01\t`, 'm'));
    const one = await h.cli(['alerts', 'resource', 'incidents', 'get', RESOURCE_ALERT_SEED.incidents.resolved]);
    expect(one.stdout).toMatch(/Events:\s+\S+ opened value 86; \S+ resolved value 41/);
    expect((await h.cli(['alerts', 'resource', 'incidents', 'list', '--since', 'yesterday'])).code).toBe(2);
  });

  it('sources: the stale one said on stderr, exit 0', async () => {
    const r = await h.cli(['alerts', 'resource', 'sources']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^database_metrics\tstale\t\S+\tsource\.scrape_timeout\t0\t/m);
    expect(r.stderr).toMatch(/alerting is degraded: database_metrics is not evaluating/);
  });

  it('catalog: families with their signals, the limits on stderr; --json as sent', async () => {
    const r = await h.cli(['alerts', 'resource', 'catalog']);
    expect(r.stdout).toMatch(/^vps\tVPS\tyes\t45\tcpu_usage, memory_usage, disk_usage$/m);
    expect(r.stdout).toMatch(/^kubernetes\tKubernetes\tno\t0\tAlerts for this family/m);
    expect(r.stderr).toContain('rules: 3 of 100 (at most 10 per resource)');
    expect(onlyJson((await h.cli(['alerts', 'resource', 'catalog', '--json'])).stdout)).toMatchObject({ data: { dispatch_enabled: true } });
  });
});
