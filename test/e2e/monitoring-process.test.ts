// Every apps, uptime and alerts command through the real bin/infra (the built bundle) against
// the simulator: each command's chunk loads and reads or writes the real-shaped answers.
// Per family one spawned test that checks requests and output closely; the rest run in
// parallel with exit code, stdout and stderr checked.
import { describe, expect, it } from 'vitest';
import { METRIC_ALERT_SEED } from '../../src/sim/families/metric-alerts.js';
import { RESOURCE_ALERT_SEED } from '../../src/sim/families/resource-alerts.js';
import { spawnCli } from '../helpers/cli.js';
import { requestLines, simEnv, useSimulator, type Simulator } from '../helpers/sim.js';

let sim: Simulator;
useSimulator((s) => (sim = s));

/** [argv, exit code, a pattern stdout must match]: every command of the three families. */
const EVERY: [string[], number, RegExp][] = [
  [['apps', 'catalog'], 0, /^wordpress\tWordPress\t/m],
  [['apps', 'list'], 0, /\tshop-wp\twordpress\t/],
  [['apps', 'get', 'shop-wp'], 0, /Type:\s+wordpress 6\.7/],
  [['apps', 'credentials', 'shop-wp'], 0, /admin_password:\s+\*+/],
  [['apps', 'metrics', 'shop-wp'], 0, /^cpu\t12\t/m],
  [['apps', 'diagnose', 'shop-wp'], 0, /Diagnosis of shop-wp/],
  [['apps', 'logs', 'automations', '--since', '1h'], 0, /restart started/],
  // (batches of four run at once on a frozen clock: the wait must not share one with the update of shop-wp)
  [['apps', 'wait', 'shop-wp'], 0, /^$/],
  [['apps', 'events', 'automations', '--json'], 0, /RestartStarted/],
  [['apps', 'update', 'shop-wp', '--profile', 'large'], 0, /^$/],
  [['apps', 'restart', 'journal'], 0, /^$/],
  [['apps', 'delete', 'automations', '--yes'], 1, /^$/],
  [['uptime', 'list'], 0, /\tapi-health\tdown\t/],
  [['uptime', 'get', 'api-health'], 0, /State:\s+down/],
  [['uptime', 'update', 'homepage', '--interval', '60'], 0, /^$/],
  [['uptime', 'pause', 'homepage'], 0, /^$/],
  [['uptime', 'resume', 'status-page'], 0, /^$/],
  [['uptime', 'results', 'api-health', '--limit', '2'], 0, /\tdown\t503\t/],
  [['uptime', 'incidents', 'api-health'], 0, /\tongoing\tstatus_mismatch/],
  [['uptime', 'test', 'api-health', '--exit-status'], 1, /Result:\s+down/],
  [['uptime', 'diagnose', 'api-health'], 0, /uptime_check\.target_down/],
  [['alerts', 'metric', 'list'], 0, /\tvps-01-cpu-high\t/],
  [['alerts', 'metric', 'get', 'vps-01-cpu-high'], 0, /Condition:\s+CPU Usage > 80% for 5 min/],
  [['alerts', 'metric', 'create', '--resource', 'vps-05', '--metric', 'disk_usage', '--operator', 'gte', '--threshold', '95'], 0, /^[0-9a-f-]{36}\n$/],
  [['alerts', 'metric', 'update', 'vps-01-cpu-high', '--duration', '10'], 0, /^$/],
  [['alerts', 'metric', 'disable', 'vps-01-disk'], 0, /^$/],
  [['alerts', 'metric', 'enable', METRIC_ALERT_SEED.memory], 0, /^$/],
  [['alerts', 'metric', 'history', 'vps-01-cpu-high'], 0, /\ttriggered\t88\.4\t80/],
  [['alerts', 'metric', 'metrics', 'vps'], 0, /^cpu_usage\t/m],
  [['alerts', 'metric', 'preview', 'vps-01-cpu-high'], 0, /Delivers:\s+yes/],
  [['alerts', 'resource', 'rules', 'list'], 0, /\tvps-01-memory\t/],
  [['alerts', 'resource', 'rules', 'get', 'vps-01-memory'], 0, /State:\s+Firing/],
  [['alerts', 'resource', 'rules', 'create', '--resource-type', 'vps', '--resource', 'vps-07', '--signal', 'cpu_usage', '--operator', 'gt', '--threshold', '90'], 0, /^[0-9a-f-]{36}\n$/],
  [['alerts', 'resource', 'rules', 'update', 'orders-pg-connections', '--threshold', '85'], 0, /^$/],
  [['alerts', 'resource', 'rules', 'disable', 'orders-pg-connections'], 0, /^$/],
  [['alerts', 'resource', 'rules', 'enable', RESOURCE_ALERT_SEED.rules.disk], 0, /^$/],
  [['alerts', 'resource', 'incidents', 'list', '--state', 'open'], 0, /\topen\tcritical\t/],
  [['alerts', 'resource', 'incidents', 'get', RESOURCE_ALERT_SEED.incidents.open], 0, /Resolved:\s+not yet/],
  [['alerts', 'resource', 'sources'], 0, /^vps_metrics\thealthy\t/m],
  [['alerts', 'resource', 'catalog'], 0, /^vps\tVPS\tyes\t/m],
];

describe('apps, uptime and alerts through bin/infra', () => {
  it('every command: its exit code and output', async () => {
    // A few at a time: 2 cores are shared with other work, and each process starts Node.
    const results = [];
    for (let i = 0; i < EVERY.length; i += 4) results.push(...(await Promise.all(EVERY.slice(i, i + 4).map(([argv]) => spawnCli(argv, { env: simEnv(sim), timeoutMs: 60_000 })))));
    results.forEach((r, i) => {
      const [argv, code, out] = EVERY[i]!;
      const what = argv.join(' ');
      expect(r.code, `${what}: ${r.stderr}`).toBe(code);
      expect(r.stdout, what).toMatch(out);
      expect(r.stderr, what).not.toMatch(/unexpected error|TypeError|at .*\.js:\d+/);
    });
  }, 600_000);

  it('apps create --wait: the POST body, then polls until ready (exit 0), the id on stdout', async () => {
    sim.requests.length = 0;
    // The simulator is frozen: its clock moves 5 s every 200 ms of real time while the CLI waits.
    const tick = setInterval(() => sim.world.clock.advance(5), 200);
    const r = await spawnCli(['apps', 'create', '--type', 'wordpress', '--name', 'press', '--profile', 'small', '--wait', '--interval', '1s'], { env: simEnv(sim), timeoutMs: 90_000 }).finally(() =>
      clearInterval(tick),
    );
    expect(r.code, r.stderr).toBe(0);
    expect(sim.requests.find((q) => q.method === 'POST')?.body).toEqual({ app_type: 'wordpress', name: 'press', subdomain: 'press', resource_profile: 'small', datacenter: 'fsn1' });
    expect(r.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    expect(r.stderr).toMatch(/create of press finished: ready/);
  }, 120_000);

  it('apps delete without --yes off a terminal: exit 2, nothing sent', async () => {
    sim.requests.length = 0;
    const r = await spawnCli(['apps', 'delete', 'journal'], { env: simEnv(sim) });
    expect(r.code).toBe(2);
    expect(requestLines(sim).filter((l) => !l.startsWith('GET '))).toEqual([]);
  });

  it('uptime create then delete --yes: the bodies and routes the API takes', async () => {
    sim.requests.length = 0;
    const c = await spawnCli(['uptime', 'create', '--name', 'blog', '--url', 'https://blog.acme.example/', '--method', 'HEAD', '--notify', 'mail'], { env: simEnv(sim) });
    expect(c.code, c.stderr).toBe(0);
    expect(sim.requests.find((q) => q.method === 'POST')?.body).toEqual({ name: 'blog', url: 'https://blog.acme.example/', method: 'HEAD', notification_channels: ['mail'] });
    const d = await spawnCli(['uptime', 'delete', c.stdout.trim(), '--yes'], { env: simEnv(sim) });
    expect(d.code, d.stderr).toBe(0);
    expect(requestLines(sim).filter((l) => !l.startsWith('GET '))).toEqual(['POST /api/v1/uptime-checks', `DELETE /api/v1/uptime-checks/${c.stdout.trim()}`]);
  });

  it('alerts: a metric alert deleted and a rule deleted with --yes; --json of a list is an array', async () => {
    const m = await spawnCli(['alerts', 'metric', 'delete', 'vps-01-disk', '--yes'], { env: simEnv(sim) });
    expect(m.code, m.stderr).toBe(0);
    const r = await spawnCli(['alerts', 'resource', 'rules', 'delete', 'vps-01-memory', '--yes', '--json'], { env: simEnv(sim) });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: RESOURCE_ALERT_SEED.rules.memory, deleted: true, message: 'Resource alert rule deleted' });
    const list = await spawnCli(['alerts', 'resource', 'incidents', 'list', '--json'], { env: simEnv(sim) });
    expect(Array.isArray(JSON.parse(list.stdout))).toBe(true);
  });
});
