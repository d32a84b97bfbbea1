// Recovery points, the capability matrix and replace-existing restores (spec 3.5; contract 10, 12).
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { CapabilitiesAnswer, listOf, RecoveryPoint, RestoreAnswer, ValidationErrorBody } from '../../src/client/schemas.js';
import { body, startApi, type Api } from './helpers.js';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.sim.close());
beforeEach(() => api.sim.world.reset());

const restore = (product: string, point: string, b: unknown, key?: string) =>
  api.send('POST', `/api/v1/snapshots/${product}/${point}/restore`, b, key ? { headers: { 'idempotency-key': key } } : undefined);

describe('recovery points', () => {
  test('lists per product with origin, state, size, protection and actions', async () => {
    const vps = listOf(RecoveryPoint).parse(await body(await api.get('/api/v1/snapshots/vps')));
    expect(new Set(vps.data.map((p) => p.origin))).toEqual(new Set(['manual', 'automated']));
    expect(new Set(vps.data.map((p) => p.protection))).toEqual(new Set(['Local only', 'Second copy', 'Second copy syncing', 'Second copy failed']));
    const creating = vps.data.find((p) => p.state === 'creating');
    expect(creating?.actions?.find((a) => a.name === 'restore')).toMatchObject({ available: false, reason: expect.stringMatching(/being created/) });
    const failedCopy = vps.data.find((p) => p.protection === 'Second copy failed');
    expect(failedCopy?.state).toBe('degraded');
    expect(failedCopy?.actions?.map((a) => a.name)).toContain('retry_second_copy');
    const db = listOf(RecoveryPoint).parse(await body(await api.get('/api/v1/snapshots/database')));
    const pg = db.data.find((p) => p.resource_name === 'orders-pg');
    expect(pg?.protection).toBeNull();
    expect(db.data.some((p) => p.state === 'failed')).toBe(true);
    const cache = listOf(RecoveryPoint).parse(await body(await api.get('/api/v1/snapshots/cache')));
    expect(cache.data.some((p) => p.origin === 'safety_point')).toBe(true);
    expect((await api.get('/api/v1/snapshots/queue')).status).toBe(404);
  });

  test('a creating point becomes available as the clock moves', async () => {
    api.advance(21 * 60);
    const vps = listOf(RecoveryPoint).parse(await body(await api.get('/api/v1/snapshots/vps')));
    expect(vps.data.find((p) => p.id === 'rp-vps-004')?.state).toBe('available');
  });

  test('capabilities: the matrix of spec 3.5 for any valid token', async () => {
    const caps = CapabilitiesAnswer.parse(await body(await api.get('/api/v1/recovery/capabilities', { token: api.sim.tokens.default })));
    const row = (p: string) => caps.data.find((r) => r.product === p);
    expect(row('vps')?.replace_existing.status).toBe('gated');
    expect(row('vps')?.restore_to_new.status).toBe('conditional');
    expect(row('postgresql')).toMatchObject({ replace_existing: { status: 'no' }, point_in_time: { status: 'conditional' } });
    expect(row('mariadb')?.replace_existing.status).toBe('no');
    expect(row('dragonfly-operator')?.restore_to_new.status).toBe('unavailable');
    expect(caps.data).toHaveLength(8);
  });
});

describe('restore', () => {
  test('gate open (vps): 202 with operation_id and operation URL; the operation is readable', async () => {
    const res = await restore('vps', 'rp-vps-001', { confirm_name: 'vps-01', safety_point: true });
    expect(res.status).toBe(202);
    const a = RestoreAnswer.parse(await body(res));
    expect(a.operation_id).toMatch(/^op-/);
    const op = await api.get(new URL(a.operation_url ?? '').pathname);
    expect(op.status).toBe(200);
    expect(await body(op)).toMatchObject({ operation_id: a.operation_id, stage: 'safety_point' });
    api.advance(7 * 60);
    expect(await body(await api.get(new URL(a.operation_url ?? '').pathname))).toMatchObject({ stage: 'done', result: 'succeeded' });
  });

  test('gate closed (database): 200 started directly; opening the gate makes it 202', async () => {
    const closed = await restore('database', 'rp-db-001', { confirm_name: 'shop-mysql' });
    expect(closed.status).toBe(200);
    expect(RestoreAnswer.parse(await body(closed))).toMatchObject({ status: 'started' });
    api.advance(10 * 60);
    await api.control('/_sim/gates', { product: 'database', open: true });
    expect((await restore('database', 'rp-db-001', { confirm_name: 'shop-mysql' })).status).toBe(202);
  });

  test('confirm_name must be the exact resource name', async () => {
    const res = await restore('vps', 'rp-vps-001', { confirm_name: 'VPS-01' });
    expect(res.status).toBe(422);
    expect(ValidationErrorBody.parse(await body(res)).errors?.confirm_name?.length).toBe(1);
  });

  test('PostgreSQL, MariaDB and operator-managed products refuse replace with a plain 422 message', async () => {
    for (const [product, point, name] of [['database', 'rp-db-003', 'orders-pg'], ['database', 'rp-db-004', 'wiki-maria'], ['cache', 'rp-cache-003', 'feed-dragonfly']]) {
      const res = await restore(product ?? '', point ?? '', { confirm_name: name });
      expect(res.status).toBe(422);
      expect((await body(res)).message).toMatch(/restore|unavailable/i);
    }
    const creating = await restore('vps', 'rp-vps-004', { confirm_name: 'vps-02' });
    expect(creating.status).toBe(422);
  });

  test('Idempotency-Key: same request → same answer; changed request → 409', async () => {
    const a = RestoreAnswer.parse(await body(await restore('cache', 'rp-cache-001', { confirm_name: 'sessions-redis' }, 'k-1')));
    const again = await restore('cache', 'rp-cache-001', { confirm_name: 'sessions-redis' }, 'k-1');
    expect(again.status).toBe(202);
    expect(RestoreAnswer.parse(await body(again)).operation_id).toBe(a.operation_id);
    const changed = await restore('cache', 'rp-cache-001', { confirm_name: 'sessions-redis', safety_point: false }, 'k-1');
    expect(changed.status).toBe(409);
    expect(typeof (await body(changed)).message).toBe('string');
  });

  test('one destructive operation per resource at a time → 409 until it ends; the point cannot be deleted meanwhile', async () => {
    expect((await restore('vps', 'rp-vps-001', { confirm_name: 'vps-01' })).status).toBe(202);
    const second = await restore('vps', 'rp-vps-002', { confirm_name: 'vps-01' });
    expect(second.status).toBe(409);
    expect((await body(second)).message).toMatch(/one runs per resource/);
    const points = listOf(RecoveryPoint).parse(await body(await api.get('/api/v1/snapshots/vps')));
    expect(points.data.find((p) => p.id === 'rp-vps-001')?.actions?.find((x) => x.name === 'delete')).toMatchObject({ available: false });
    const del = await api.send('DELETE', '/api/v1/snapshots/vps/rp-vps-001');
    expect(del.status).toBe(409);
    expect((await restore('vps', 'rp-vps-003', { confirm_name: 'vps-02' })).status).toBe(202);
    api.advance(7 * 60);
    expect((await api.send('DELETE', '/api/v1/snapshots/vps/rp-vps-001')).status).toBe(204);
    expect((await api.send('DELETE', '/api/v1/snapshots/vps/rp-vps-001')).status).toBe(404);
    expect((await restore('vps', 'rp-vps-002', { confirm_name: 'vps-01' })).status).toBe(202);
  });
});
