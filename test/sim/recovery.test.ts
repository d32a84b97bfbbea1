// Recovery points, the capability matrix and replace-existing restores (spec 3.5; contract 10, 12).
import { describe, expect, test } from 'vitest';
import * as z from 'zod';
import * as S from './shapes.js';
import { body, parsed, SEED_IDS, simApi, useSimulator, type SimApi } from '../helpers/sim.js';

let api: SimApi;
useSimulator((sim) => (api = simApi(sim)));

const P = SEED_IDS.snapshots;
const restore = (product: string, point: number, b?: unknown, key?: string) =>
  api.send('POST', `/api/v1/snapshots/${product}/${point}/restore`, b, key ? { headers: { 'idempotency-key': key } } : undefined);
// the v1.7.0 facts: 202 {message, operation_id, redirect}, the redirect a console page on another host
const RestoreGated = z.strictObject({ message: z.string(), operation_id: z.string(), redirect: z.url() });
async function points(p: 'vps'): Promise<Array<z.infer<typeof S.VpsSnapshot>>>;
async function points(p: 'cache'): Promise<Array<z.infer<typeof S.CacheSnapshot>>>;
async function points(p: 'database'): Promise<Array<z.infer<typeof S.DatabaseSnapshot>>>;
async function points(p: keyof typeof S.SNAPSHOT): Promise<unknown[]> {
  return (await parsed(await api.get(`/api/v1/snapshots/${p}`), S.listOf(S.SNAPSHOT[p]))).data;
}

describe('recovery points', () => {
  test('lists per product: integer ids, sizes as strings, the instance, origin, state, protection and actions', async () => {
    const vps = await points('vps');
    expect(vps.map((p) => p.id).sort()).toEqual([11, 12, 13, 14]);
    expect(vps.find((p) => p.id === P.vps.daily)).toMatchObject({ size_gb: '20.00', vps_instance_id: SEED_IDS.vps[0], vps_instance: { id: SEED_IDS.vps[0], name: 'vps-01' }, status: 'completed' });
    expect(new Set(vps.map((p) => p.origin))).toEqual(new Set(['manual', 'automated']));
    expect(new Set(vps.map((p) => p.protection))).toEqual(new Set(['Local only', 'Second copy', 'Second copy syncing', 'Second copy failed']));
    const creating = vps.find((p) => p.state === 'creating');
    expect(creating?.status).toBe('creating');
    expect(creating?.actions.find((a) => a.name === 'restore')).toMatchObject({ available: false, reason: expect.stringMatching(/being created/) });
    const failedCopy = vps.find((p) => p.protection === 'Second copy failed');
    expect(failedCopy?.state).toBe('degraded');
    expect(failedCopy?.actions.map((a) => a.name)).toContain('retry_second_copy');
    const db = await points('database');
    expect(db.find((p) => p.database_instance.name === 'orders-pg')?.protection).toBeNull();
    expect(db.find((p) => p.id === P.database.mysqlFailed)).toMatchObject({ state: 'failed', status: 'failed' });
    const cache = await points('cache');
    expect(cache.find((p) => p.id === P.cache.redis)?.size_mb).toBe('50.00');
    expect(cache.some((p) => p.origin === 'safety_point')).toBe(true);
    await parsed(await api.get('/api/v1/snapshots/queue'), S.MessageBody, 404);
  });

  test('a creating point becomes available as the clock moves', async () => {
    api.advance(21 * 60);
    expect((await points('vps')).find((p) => p.id === P.vps.creating)?.state).toBe('available');
  });

  test('capabilities: the matrix of spec 3.5 for any valid token, in the v1.7.0 shape (a word per capability, notes per row)', async () => {
    type Row = { product: string; provider: string; deployment_kind: string; create: string; replace_existing: string; restore_to_new: string; point_in_time: string; notes: string | null };
    const caps = await body<{ data: Row[] }>(await api.get('/api/v1/recovery/capabilities', { token: api.sim.tokens.default }));
    const row = (p: string, provider: string, kind: string) => caps.data.find((r) => r.product === p && r.provider === provider && r.deployment_kind === kind);
    expect(row('vps', 'vps', 'vm')).toMatchObject({ replace_existing: 'gated', restore_to_new: 'conditional' });
    expect(row('database', 'postgresql', 'operator')).toMatchObject({ replace_existing: 'no', point_in_time: 'conditional' });
    expect(row('database', 'mariadb', 'operator')?.replace_existing).toBe('no');
    expect(row('cache', 'dragonfly', 'operator')?.restore_to_new).toBe('unavailable');
    expect(row('cache', 'redis', 'legacy')?.notes).toMatch(/closed for this account|open for this account/);
    expect(caps.data).toHaveLength(8);
  });
});

describe('restore', () => {
  test('without a body (an older client): starts directly, 200 {message}, whatever the gate', async () => {
    const res = await restore('vps', P.vps.daily);
    expect(await parsed(res, S.MessageBody)).toEqual({ message: 'VPS snapshot restore initiated' });
    expect(await parsed(await restore('cache', P.cache.redis), S.MessageBody)).toEqual({ message: 'Cache snapshot restore initiated' });
    expect(await parsed(await restore('database', P.database.mysql), S.MessageBody)).toEqual({ message: 'Database snapshot restore initiated' });
  });

  test('gate open (vps): 202 {message, operation_id, redirect}; the operation is read at /operations/{id} in the envelope', async () => {
    const a = await parsed(await restore('vps', P.vps.daily, { confirm_name: 'vps-01', safety_point: true }, 'k-vps'), RestoreGated, 202);
    expect(a.message).toBe('VPS snapshot restore accepted');
    expect(new URL(a.redirect).host).not.toBe(new URL(api.sim.url).host);
    expect(a.redirect).toMatch(new RegExp(`/operations/${a.operation_id}$`));
    const path = `/api/v1/operations/${a.operation_id}`;
    expect(await parsed(await api.get(path), S.envelopeOf(S.RestoreOperation))).toMatchObject({
      success: true,
      data: {
        operation_id: a.operation_id,
        resource_id: SEED_IDS.vps[0],
        resource_type: 'vps_instance',
        kind: 'restore',
        state: 'running',
        terminal: false,
        poll_after_ms: 3000,
        stage: 'safety_point',
      },
      error: null,
    });
    const safety = (await points('vps')).find((p) => p.origin === 'safety_point');
    expect(safety).toMatchObject({ id: 15, vps_instance: { name: 'vps-01' } });
    api.advance(7 * 60);
    expect((await body<{ data: unknown }>(await api.get(path))).data).toMatchObject({ state: 'succeeded', terminal: true, poll_after_ms: null, stage: 'done', result: 'succeeded' });
    // the resource id stands for its latest operation; the invented /recovery/operations route is gone
    expect((await body<{ data: { operation_id: string } }>(await api.get(`/api/v1/operations/${SEED_IDS.vps[0]}`))).data.operation_id).toBe(a.operation_id);
    expect((await api.get(`/api/v1/recovery/operations/${a.operation_id}`)).status).toBe(404);
  });

  test('gate closed (database): 200 {message} with a body too; opening the gate makes it 202', async () => {
    expect(await parsed(await restore('database', P.database.mysql, { confirm_name: 'shop-mysql' }), S.MessageBody)).toEqual({ message: 'Database snapshot restore initiated' });
    api.advance(10 * 60);
    await api.control('/_sim/gates', { product: 'database', open: true });
    await parsed(await restore('database', P.database.mysql, { confirm_name: 'shop-mysql' }), RestoreGated, 202);
  });

  // The v1.7.0 facts: the restore's refusals are {message}; a database's 422 adds recommended_action.
  const DatabaseRefusal = z.strictObject({ message: z.string(), recommended_action: z.string().nullable() });

  test('confirm_name, when given, must be the exact resource name: 422 {message}', async () => {
    const b = await parsed(await restore('vps', P.vps.daily, { confirm_name: 'VPS-01' }), S.MessageBody, 422);
    expect(b.message).toMatch(/must match the resource name "vps-01"/);
    await parsed(await restore('database', P.database.mysql, { confirm_name: 'shop' }), DatabaseRefusal, 422);
    expect(api.sim.world.recovery.operations).toHaveLength(0);
  });

  test('PostgreSQL, MariaDB, operator-managed products and unready points refuse with 422 {message}', async () => {
    for (const [product, point, name] of [
      ['database', P.database.postgres, 'orders-pg'],
      ['database', P.database.mariadb, 'wiki-maria'],
    ] as const) {
      expect((await parsed(await restore(product, point, { confirm_name: name }), DatabaseRefusal, 422)).message).toMatch(/restore|unavailable/i);
    }
    expect((await parsed(await restore('cache', P.cache.dragonfly, { confirm_name: 'feed-dragonfly' }), S.MessageBody, 422)).message).toMatch(/restore|unavailable/i);
    await parsed(await restore('vps', P.vps.creating, { confirm_name: 'vps-02' }), S.MessageBody, 422);
    await parsed(await restore('vps', 999, { confirm_name: 'vps-02' }), S.MessageBody, 404);
  });

  test('Idempotency-Key: same request → same operation; changed request → 409 {message}', async () => {
    const a = await parsed(await restore('cache', P.cache.redis, { confirm_name: 'sessions-redis' }, 'k-1'), RestoreGated, 202);
    const again = await parsed(await restore('cache', P.cache.redis, { confirm_name: 'sessions-redis' }, 'k-1'), RestoreGated, 202);
    expect(again.operation_id).toBe(a.operation_id);
    await parsed(await restore('cache', P.cache.redis, { confirm_name: 'sessions-redis', safety_point: false }, 'k-1'), S.MessageBody, 409);
  });

  test('one destructive operation per resource → 409 {message} until it ends; the point cannot be deleted meanwhile', async () => {
    await parsed(await restore('vps', P.vps.daily, { confirm_name: 'vps-01' }), RestoreGated, 202);
    const second = await parsed(await restore('vps', P.vps.manual, { confirm_name: 'vps-01' }), S.MessageBody, 409);
    expect(second.message).toMatch(/one runs per resource/);
    expect((await points('vps')).find((p) => p.id === P.vps.daily)?.actions.find((x) => x.name === 'delete')).toMatchObject({ available: false });
    await parsed(await api.send('DELETE', `/api/v1/snapshots/vps/${P.vps.daily}`), S.MessageBody, 409);
    await parsed(await restore('vps', P.vps.copyFailed, { confirm_name: 'vps-02' }), RestoreGated, 202);
    api.advance(7 * 60);
    expect(await parsed(await api.send('DELETE', `/api/v1/snapshots/vps/${P.vps.daily}`), S.MessageBody)).toEqual({ message: 'VPS snapshot deletion initiated' });
    // The deletion takes a while: the point reads `deleting`, then it is gone (404).
    expect((await points('vps')).find((p) => p.id === P.vps.daily)?.status).toBe('deleting');
    api.advance(60);
    await parsed(await api.send('DELETE', `/api/v1/snapshots/vps/${P.vps.daily}`), S.MessageBody, 404);
    await parsed(await restore('vps', P.vps.manual, { confirm_name: 'vps-01' }), RestoreGated, 202);
  });
});
