// Recovery points as a list: product validation, labels, sizes and the actions column.
import { describe, expect, test } from 'vitest';
import { HttpResponse, http } from 'msw';
import type { Simulator } from '../../../src/sim/server.js';
import { SEED_IDS } from '../../../src/sim/state/seed.js';
import { peek, useSimulator } from '../../helpers/sim.js';
import { actionsText, originLabel, plain, productArg } from '../../../src/commands/snapshots/format.js';
import { reviewLines } from '../../../src/commands/snapshots/review.js';
import { UsageError } from '../../../src/cli/errors.js';
import { runCli } from '../../helpers/cli.js';
import { humanSize } from '../../../src/output/size.js';

describe('formatting', () => {
  test('sizes', () => {
    expect(humanSize(0)).toBe('0 B');
    expect(humanSize(1023)).toBe('1023 B');
    expect(humanSize(1_073_741_824)).toBe('1.0 GiB');
    expect(humanSize(21_474_836_480)).toBe('20 GiB');
    expect(humanSize(536_870_912)).toBe('512 MiB');
    expect(humanSize(null)).toBe('');
    expect(humanSize(undefined)).toBe('');
  });

  test('origins in the words of spec 2.5; unknown values pass through', () => {
    expect(['manual', 'automated', 'safety_point', 'replicated'].map(originLabel)).toEqual(['Manual', 'Automated', 'Safety point', 'replicated']);
  });

  test('available actions first, then each unavailable one with its reason', () => {
    expect(
      actionsText([
        { name: 'restore', available: false, reason: 'The recovery point is still being created.' },
        { name: 'restore_to_new', available: true, reason: null },
        { name: 'delete', available: true },
      ]),
    ).toBe('restore_to_new, delete; restore: unavailable (the recovery point is still being created)');
    expect(actionsText([{ name: 'restore', available: false }])).toBe('restore: unavailable');
    expect(actionsText([])).toBe('');
    expect(plain('PostgreSQL cannot be restored in place.')).toBe('PostgreSQL cannot be restored in place');
    expect(plain('Replace-existing restore is unavailable.')).toBe('replace-existing restore is unavailable');
  });

  test('products: vps, cache, database only', () => {
    expect(productArg('VPS')).toBe('vps');
    expect(() => productArg('postgresql')).toThrow(UsageError);
    expect(() => productArg(undefined)).toThrow(UsageError);
  });

  test('the review without a time or a name says what is not known', () => {
    const lines = reviewLines('cache', { id: '12', origin: 'manual', status: 'completed', cache_instance_id: 'c-7', actions: [] }, false).join('\n');
    expect(lines).toContain('cache c-7 (name not given by the API)');
    expect(lines).toContain('everything written after the point was taken is lost');
    expect(lines).toContain('safety point:  off');
  });
});

describe('snapshots list', () => {
  let sim: Simulator;
  let env: Record<string, string>;
  useSimulator((s, e) => {
    sim = s;
    env = e;
  });

  const S = SEED_IDS.snapshots;
  const HEADER = ['ID', 'NAME', 'RESOURCE', 'ORIGIN', 'STATE', 'SIZE', 'PROTECTION', 'CREATED', 'ACTIONS'];
  const rows = (stdout: string) =>
    stdout
      .trim()
      .split('\n')
      .map((l) => l.split('\t'));
  const byId = (stdout: string) =>
    Object.fromEntries(
      rows(stdout)
        .slice(1)
        .map((row) => [row[0], row]),
    );
  const rawList = (product: string) => peek<{ data: Record<string, unknown>[]; pagination: unknown }>(sim, `/api/v1/snapshots/${product}?per_page=100`);

  test('vps: integer ids, names, resource, labels, sizes from size_gb strings and actions with reasons', async () => {
    const r = await runCli(['snapshots', 'list', 'vps'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(rows(r.stdout)[0]).toEqual(HEADER);
    const row = byId(r.stdout);
    expect(Object.keys(row).sort()).toEqual([S.vps.daily, S.vps.manual, S.vps.copyFailed, S.vps.creating].map(String).sort());
    expect(row[S.vps.daily]?.slice(1, 7)).toEqual(['vps-01-daily-11', 'vps-01', 'Automated', 'available', '20 GiB', 'Second copy']);
    expect(row[S.vps.daily]?.[7]).toMatch(/^\d{4}-\d\d-\d\dT/);
    // size_gb "19.00" (20,401,094,656 bytes) reads as 19 GiB.
    expect(row[S.vps.manual]?.slice(5, 7)).toEqual(['19 GiB', 'Second copy syncing']);
    expect(row[S.vps.copyFailed]?.[8]).toContain('retry_second_copy');
    expect(row[S.vps.creating]?.[4]).toBe('creating');
    expect(row[S.vps.creating]?.[8]).toContain('restore: unavailable (the recovery point is still being created');
    expect(sim.requests.map((q) => q.path)).toEqual(['/api/v1/snapshots/vps']);
  });

  test('database: failed points and products that cannot replace in place', async () => {
    const r = await runCli(['snapshots', 'list', 'database'], { env });
    const row = byId(r.stdout);
    expect(row[S.database.mysqlFailed]?.[4]).toBe('failed');
    expect(row[S.database.mysqlFailed]?.[5]).toBe('0 B');
    expect(row[S.database.postgres]?.[2]).toBe('orders-pg');
    expect(row[S.database.postgres]?.[8]).toBe('restore_to_new, delete; restore: unavailable (PostgreSQL cannot be restored in place; restore to a new database instead)');
    expect(row[S.database.mariadb]?.[5]).toBe('512 MiB');
    expect(row[S.database.mariadb]?.[8]).toContain('MariaDB cannot be restored in place');
  });

  test('cache: sizes from size_mb strings, safety points, and --json items as the API sent them', async () => {
    const r = await runCli(['snapshots', 'list', 'cache'], { env });
    const row = byId(r.stdout);
    expect(row[S.cache.redis]?.slice(2, 6)).toEqual(['sessions-redis', 'Automated', 'available', '50 MiB']);
    expect(row[S.cache.valkeySafety]?.[3]).toBe('Safety point');
    expect(row[S.cache.valkeySafety]?.[5]).toBe('10 MiB');
    const j = await runCli(['snapshots', 'list', 'cache', '--json'], { env });
    const items = JSON.parse(j.stdout) as { id: number; size_mb: string; cache_instance: { name: string } }[];
    expect(items.map((i) => i.id).sort()).toEqual([S.cache.redis, S.cache.valkeySafety, S.cache.dragonfly].sort());
    expect(items.find((i) => i.id === S.cache.redis)).toMatchObject({ size_mb: '50.00', cache_instance: { name: 'sessions-redis' } });
    expect(items).toEqual((await rawList('cache')).data);
  });

  test("a server without the spec's richer fields: state from status, resource from <product>_instance or its id", async () => {
    // The plain real shape: no origin, state, protection or actions.
    const list = await rawList('vps');
    const plainItems = list.data.map(({ origin: _o, state: _s, protection: _p, actions: _a, ...p }) => p);
    plainItems[1] = Object.fromEntries(Object.entries(plainItems[1]!).filter(([k]) => k !== 'vps_instance'));
    sim.use(http.get('*/api/v1/snapshots/vps', () => HttpResponse.json({ ...list, data: plainItems })));
    const r = await runCli(['snapshots', 'list', 'vps'], { env });
    expect(r.code, r.stderr).toBe(0);
    const [head, first, second] = rows(r.stdout);
    expect(head).toEqual(HEADER);
    // Point 14 (creating) reads its legacy status; the resource name comes from vps_instance.
    expect(first).toEqual([String(plainItems[0]!.id), String(plainItems[0]!.name), 'vps-02', '', 'creating', '1.0 GiB', '', String(plainItems[0]!.created_at), '']);
    // Without vps_instance, the resource is the vps_instance_id.
    expect(second?.[2]).toBe(String(plainItems[1]!.vps_instance_id));
    expect(second?.[4]).toBe('completed');
  });

  test('paging flags as in vps list', async () => {
    const r = await runCli(['snapshots', 'list', 'vps', '--per-page', '2'], { env });
    expect(rows(r.stdout)).toHaveLength(3);
    expect(r.stderr).toContain('page 1 of 2');
    const all = await runCli(['snapshots', 'list', 'vps', '--per-page', '2', '--all', '--json'], { env });
    expect((JSON.parse(all.stdout) as unknown[]).length).toBe(4);
  });

  test('an unknown product: exit 2 before any request', async () => {
    const r = await runCli(['snapshots', 'list', 'postgres'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown product "postgres": use vps, cache, database');
    expect(sim.requests).toHaveLength(0);
  });

  test('a token without snapshot:read: exit 4 naming it', async () => {
    const r = await runCli(['snapshots', 'list', 'vps'], { env: { ...env, INFRA_TOKEN: sim.tokens.default } });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('snapshot:read');
  });

  test('the restore examples name points that exist, with their resource', async () => {
    const help = await runCli(['snapshots', 'restore', '--help']);
    const examples = [...help.stdout.matchAll(/infra snapshots restore (vps|cache|database) (\S+)(?: --confirm (\S+))?/g)];
    expect(examples.length).toBeGreaterThan(0);
    for (const [, product, id, confirm] of examples) {
      const item = (await rawList(product!)).data.find((p) => String(p.id) === id);
      expect(item, `${product} ${id}`).toBeDefined();
      if (confirm) expect((item![`${product}_instance`] as { name: string }).name).toBe(confirm);
    }
  });
});
