// The database/cache list commands against the simulator.
import { describe, expect, test } from 'vitest';
import { HttpResponse, http } from 'msw';
import type { Simulator } from '../../../src/sim/server.js';
import { SEED_IDS } from '../../../src/sim/state/seed.js';
import { peek, useSimulator } from '../../helpers/sim.js';
import { runCli } from '../../helpers/cli.js';

describe('database list / cache list', () => {
  let sim: Simulator;
  let env: Record<string, string>;
  useSimulator((s, e) => {
    sim = s;
    env = e;
  });

  const HEADER = 'ID\tNAME\tENGINE\tVERSION\tSTATUS\tENDPOINT\tDNS';
  const list = (path: string) => peek<{ data: Record<string, unknown>[] }>(sim, `/api/v1${path}`);

  test('database list: engine, version, status, current endpoint, DNS on/off (TSV when piped)', async () => {
    const r = await runCli(['database', 'list'], { env });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines.slice(1)).toEqual([
      `${SEED_IDS.postgres}\torders-pg\tPostgreSQL\t16.4\tready\torders-pg.main.managed.sim.local:30000\ton`,
      `${SEED_IDS.mysql}\tshop-mysql\tMySQL\t8.0.39\tready\tshop-mysql.svc.cluster.local:3306\toff`,
      `${SEED_IDS.mariadb}\twiki-maria\tMariaDB\t11.4\tready\twiki-maria.svc.cluster.local:3306\toff`,
    ]);
    // One page, and per_page always sent (the server's own default is 15).
    expect(sim.requests.map((q) => q.path)).toEqual(['/api/v1/database']);
    expect(sim.requests[0]!.query).toMatchObject({ per_page: '200' });
  });

  test('ENGINE: engine.name on databases (provider may be absent); provider on caches, which have no engine', async () => {
    const dbs = await list('/database?per_page=100');
    sim.use(http.get('*/api/v1/database', () => HttpResponse.json({ ...dbs, data: dbs.data.map(({ provider: _p, ...d }) => ({ ...d, engine: { id: 9, name: `${String(d.name)}-engine` } })) })));
    const r = await runCli(['database', 'list'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`${SEED_IDS.postgres}\torders-pg\torders-pg-engine\t16.4`);

    const caches = await list('/cache?per_page=100');
    expect(caches.data.every((c) => !('engine' in c))).toBe(true);
    const c = await runCli(['cache', 'list'], { env });
    expect(
      c.stdout
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.split('\t')[2]),
    ).toEqual(['Redis', 'Valkey', 'Dragonfly']);
    // A provider that sends only its type still names the engine.
    sim.use(http.get('*/api/v1/cache', () => HttpResponse.json({ ...caches, data: caches.data.map((x) => ({ ...x, provider: { id: 1, type: 'redis' } })) })));
    const typed = await runCli(['cache', 'list'], { env });
    expect(typed.stdout.trim().split('\n')[1]!.split('\t')[2]).toBe('redis');
  });

  test('cache list --json: a JSON array of the API items as sent', async () => {
    const r = await runCli(['cache', 'list', '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    const items = JSON.parse(r.stdout) as { id: string; name: string }[];
    expect(items.map((i) => i.name)).toEqual(['sessions-redis', 'queue-valkey', 'feed-dragonfly']);
    expect(items).toEqual((await list('/cache?per_page=20')).data);
  });

  test('--per-page/--page/--all as in vps list', async () => {
    const one = await runCli(['cache', 'list', '--per-page', '1', '--page', '2'], { env });
    expect(one.stdout.trim().split('\n')).toEqual([HEADER, `${SEED_IDS.valkey}\tqueue-valkey\tValkey\t8.0\tready\tqueue-valkey.svc.cluster.local:6379\toff`]);
    expect(one.stderr).toContain('page 2 of 3');
    const all = await runCli(['cache', 'list', '--per-page', '1', '--all', '--json'], { env });
    expect((JSON.parse(all.stdout) as unknown[]).length).toBe(3);
    const pages = sim.requests.filter((q) => q.path === '/api/v1/cache').map((q) => [q.query.page, q.query.per_page]);
    expect(pages[0]).toEqual(['2', '1']);
    expect(pages.slice(1).sort()).toEqual([
      ['1', '1'],
      ['2', '1'],
      ['3', '1'],
    ]);
    expect((await runCli(['cache', 'list', '--per-page', '0'], { env })).code).toBe(2);
  });
});
