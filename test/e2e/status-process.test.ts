// `infra status` as a real process against the simulator: the board lists what the project
// holds, --exit-status turns an unhealthy project into exit 9 (and a healthy one into 0), a
// product that cannot be read is a line, and --json has its documented shape.
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.js';
import { apiRequests, createBody, ok, simApi, simEnv, useSimulator, SEED_IDS, type Simulator } from '../helpers/sim.js';

let sim: Simulator;
let env: Record<string, string>;
useSimulator((s, e) => {
  sim = s;
  env = e;
});

beforeAll(() => {
  // A project of healthy resources only: the seeded staging team.
  expect(SEED_IDS.teams.staging).toBe(2);
});

const STAGING = ['--project', String(SEED_IDS.teams.staging)];

describe('infra status', () => {
  it('lists the seeded resources of every product, unhealthy first, with counts per product', async () => {
    const r = await spawnCli(['status'], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^UNHEALTHY: \d+ resources, \d+ unhealthy/);
    expect(lines[1]).toContain('containers 6 (3 unhealthy)');
    expect(lines[1]).toContain('VPS instances 45');
    for (const name of ['web', 'api', 'worker', 'orders-pg', 'sessions-redis', 'events-rabbit', 'vps-01', 'data-1', 'acme-assets', 'docs', 'shop-wp', 'homepage']) {
      expect(lines.some((l) => l.split('\t')[2] === name)).toBe(true);
    }
    const verdicts = lines
      .filter((l) => l.includes('\t'))
      .slice(1)
      .map((l) => l.split('\t')[0]);
    // Worst first: every unhealthy row before every other.
    expect(verdicts.lastIndexOf('UNHEALTHY')).toBeLessThan(verdicts.indexOf('changing'));
    expect(verdicts.indexOf('changing')).toBeLessThan(verdicts.indexOf('ok'));
    // One list per product, each once.
    for (const path of [
      '/api/v1/serverless',
      '/api/v1/database',
      '/api/v1/cache',
      '/api/v1/queue',
      '/api/v1/vps',
      '/api/v1/volumes',
      '/api/v1/storage/buckets',
      '/api/v1/static-sites',
      '/api/v1/apps',
      '/api/v1/uptime-checks',
      '/api/v1/resource-alerts/incidents',
    ]) {
      expect(sim.requests.filter((q) => q.path === path).length, path).toBe(1);
    }
    expect(sim.requests.find((q) => q.path === '/api/v1/resource-alerts/incidents')?.query.state).toBe('open');
  });

  it('--exit-status: 0 on a healthy project, 9 once a container of it has degraded', async () => {
    const healthy = await spawnCli(['status', '--exit-status', ...STAGING], { env });
    expect(healthy.code).toBe(0);
    expect(healthy.stdout).toMatch(/^healthy: 5 resources\n/);

    // A change whose new revision crashes while the old one keeps serving: degraded.
    const api = simApi(sim);
    await ok(await api.send('PUT', `/api/v1/serverless/${SEED_IDS.stagingApi}`, createBody('api', 'crash'), { team: SEED_IDS.teams.staging }));
    api.advance(120);
    const degraded = await spawnCli(['status', '--exit-status', ...STAGING], { env });
    expect(degraded.code).toBe(9);
    const row = degraded.stdout.split('\n').find((l) => l.split('\t')[2] === 'api');
    expect(row?.split('\t').slice(0, 4)).toEqual(['UNHEALTHY', 'containers', 'api', 'degraded']);
    // Without --exit-status the board is only shown: exit 0.
    expect((await spawnCli(['status', ...STAGING], { env })).code).toBe(0);
  });

  it('a deploy in progress is changing, not unhealthy', async () => {
    const api = simApi(sim);
    await ok(await api.send('PUT', `/api/v1/serverless/${SEED_IDS.stagingWeb}`, createBody('web', '9.9.9'), { team: SEED_IDS.teams.staging }));
    const r = await spawnCli(['status', '--exit-status', ...STAGING], { env });
    expect(r.code).toBe(0);
    expect(
      r.stdout
        .split('\n')
        .find((l) => l.split('\t')[2] === 'web')
        ?.split('\t')[0],
    ).toBe('changing');
  });

  it('a product the token may not read, or whose list fails, is a line; the rest still shows', async () => {
    sim.use(
      http.get('*/api/v1/queue', () => HttpResponse.json({ message: 'This action is unauthorized.' }, { status: 403 })),
      http.get('*/api/v1/apps', () => HttpResponse.json({ message: 'Server Error' }, { status: 500 })),
    );
    const r = await spawnCli(['status', '--exit-status'], { env: { ...env, INFRA_MAX_RETRIES: '0' } });
    expect(r.code).toBe(9);
    expect(r.stdout).toMatch(/^queues: not readable with this token/m);
    expect(r.stdout).toMatch(/^apps: could not be read: /m);
    expect(r.stdout).toContain('orders-pg');
    expect(r.stderr).not.toMatch(/at .*\.js:\d+/);
  });

  it('--json: {healthy, counts, products, items}, items worst first', async () => {
    const r = await spawnCli(['status', '--json', ...STAGING], { env });
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout) as {
      healthy: boolean;
      counts: Record<string, number>;
      products: Record<string, { read: string; total?: number }>;
      items: { product: string; name: string; verdict: string; state: string }[];
    };
    expect(j.healthy).toBe(true);
    expect(j.counts).toEqual({ total: 5, unhealthy: 0, unknown: 0, transitional: 0, idle: 0, healthy: 5 });
    expect(j.products.containers).toMatchObject({ read: 'ok', total: 2 });
    expect(Object.keys(j.products)).toEqual(['containers', 'databases', 'caches', 'queues', 'vps', 'volumes', 'buckets', 'static_sites', 'apps', 'uptime_checks', 'incidents']);
    expect(j.items.map((i) => i.name).sort()).toEqual(['api', 'docs', 'staging-pg', 'staging-vps', 'web']);
  });

  it('refuses --fail-fast without --watch and --exit-status with it (exit 2, before any request)', async () => {
    const a = await spawnCli(['status', '--fail-fast'], { env });
    expect(a.code).toBe(2);
    expect(a.stderr).toContain('--fail-fast goes with --watch');
    const b = await spawnCli(['status', '--watch', '--exit-status'], { env });
    expect(b.code).toBe(2);
    expect(apiRequests(sim, '/serverless')).toEqual([]);
  });

  it('piped --watch --json prints one NDJSON board per interval; --fail-fast exits 9 at the first unhealthy one', async () => {
    const r = await spawnCli(['status', '--watch', '--fail-fast', '--json'], { env: simEnv(sim) });
    expect(r.code).toBe(9);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!).healthy).toBe(false);
  });
});
