// Recovery points as a list: product validation, labels, sizes and the actions column.
import { describe, expect, test } from 'vitest';
import type { Simulator } from '../../src/sim/server.js';
import { useSimulator } from '../helpers/sim.js';
import { actionsText, humanSize, originLabel, plain, productArg } from '../../src/commands/snapshots/format.js';
import { reviewLines } from '../../src/commands/snapshots/review.js';
import { UsageError } from '../../src/cli/errors.js';
import { runCli } from '../helpers/cli.js';

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

  const rows = (stdout: string) => stdout.trim().split('\n').map((l) => l.split('\t'));

  test('vps: columns, labels, sizes and actions with reasons', async () => {
    const r = await runCli(['snapshots', 'list', 'vps'], { env });
    expect(r.code, r.stderr).toBe(0);
    const [head, ...body] = rows(r.stdout);
    expect(head).toEqual(['ID', 'RESOURCE', 'ORIGIN', 'STATE', 'SIZE', 'PROTECTION', 'CREATED', 'ACTIONS']);
    const byId = Object.fromEntries(body.map((row) => [row[0], row]));
    expect(byId['rp-vps-001']?.slice(1, 6)).toEqual(['vps-01', 'Automated', 'available', '20 GiB', 'Second copy']);
    expect(byId['rp-vps-001']?.[6]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(byId['rp-vps-002']?.[5]).toBe('Second copy syncing');
    expect(byId['rp-vps-003']?.[7]).toContain('retry_second_copy');
    expect(byId['rp-vps-004']?.[3]).toBe('creating');
    expect(byId['rp-vps-004']?.[7]).toContain('restore: unavailable (the recovery point is still being created');
    expect(sim.requests.map((q) => q.path)).toEqual(['/api/v1/snapshots/vps']);
  });

  test('database: failed points and products that cannot replace in place', async () => {
    const r = await runCli(['snapshots', 'list', 'database'], { env });
    const byId = Object.fromEntries(rows(r.stdout).map((row) => [row[0], row]));
    expect(byId['rp-db-002']?.[3]).toBe('failed');
    expect(byId['rp-db-003']?.[7]).toBe('restore_to_new, delete; restore: unavailable (PostgreSQL cannot be restored in place; restore to a new database instead)');
    expect(byId['rp-db-004']?.[7]).toContain('MariaDB cannot be restored in place');
  });

  test('cache: safety points and --json items as the API sent them', async () => {
    const r = await runCli(['snapshots', 'list', 'cache'], { env });
    expect(rows(r.stdout).find((row) => row[0] === 'rp-cache-002')?.[2]).toBe('Safety point');
    const j = await runCli(['snapshots', 'list', 'cache', '--json'], { env });
    const items = JSON.parse(j.stdout) as { id: string; actions: unknown[] }[];
    expect(items.map((i) => i.id).sort()).toEqual(['rp-cache-001', 'rp-cache-002', 'rp-cache-003']);
    expect(items[0]?.actions.length).toBeGreaterThan(0);
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
});
