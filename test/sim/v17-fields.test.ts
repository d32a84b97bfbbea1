// Fields the facts gained with the provider's v1.7.0 types ("Changes since 2026-08-19") that
// the simulator did not send: over HTTP, each is present with its type, takes what a create
// or update sends, and refuses a value outside its enum. (The facts checker treats these
// fields as optional, since older servers lack them, so it cannot catch their absence.)
import { describe, expect, test } from 'vitest';
import { body, SEED_IDS, simApi, startSim, useSimulator, type SimApi } from '../helpers/sim.js';

let api: SimApi;
useSimulator((sim) => (api = simApi(sim)));

type Obj = Record<string, unknown>;
const WEB = SEED_IDS.web;

describe('network_tier and cpu_platform (VPS, database, cache)', () => {
  test('seeded instances: standard tier; a seeded VPS names no CPU platform', async () => {
    const vps = (await body<{ data: Obj[] }>(await api.get('/api/v1/vps?per_page=1'))).data[0]!;
    expect(vps).toMatchObject({ network_tier: 'standard', cpu_platform: null });
    for (const kind of ['database', 'cache']) {
      const list = (await body<{ data: Obj[] }>(await api.get(`/api/v1/${kind}`))).data;
      expect(list.map((d) => d.network_tier)).toEqual(list.map(() => 'standard'));
    }
  });

  test('a VPS created with tier 10g on intel answers with both; without a tier, standard; without a platform, a field error', async () => {
    const base = { name: 'tiered', image: 'debian-12', resource_profile: 'nano_shared', datacenter: 'fsn1', auth_method: 'password', password: 'Str0ngPassw0rd!!' };
    const res = await api.send('POST', '/api/v1/vps', { ...base, network_tier: '10g', cpu_platform: 'intel' });
    expect(res.status).toBe(201);
    expect((await body<{ instance: Obj }>(res)).instance).toMatchObject({ network_tier: '10g', cpu_platform: 'intel' });
    const plain = await body<{ instance: Obj }>(await api.send('POST', '/api/v1/vps', { ...base, name: 'plain', cpu_platform: 'amd' }));
    expect(plain.instance).toMatchObject({ network_tier: 'standard', cpu_platform: 'amd' });
    // StoreVpsInstanceRequest requires cpu_platform since v1.7.0: clients written before it get a 422
    const without = await api.send('POST', '/api/v1/vps', { ...base, name: 'no-platform' });
    expect(without.status).toBe(422);
    expect(Object.keys((await body<{ errors: Obj }>(without)).errors)).toEqual(['cpu_platform']);
  });

  test('values outside NetworkTier and CpuPlatform are 422 field errors', async () => {
    const res = await api.send('POST', '/api/v1/vps', {
      name: 'x',
      image: 'debian-12',
      resource_profile: 'nano_shared',
      datacenter: 'fsn1',
      auth_method: 'password',
      password: 'Str0ngPassw0rd!!',
      network_tier: '40g',
      cpu_platform: 'arm',
    });
    expect(res.status).toBe(422);
    expect(Object.keys((await body<{ errors: Obj }>(res)).errors).sort()).toEqual(['cpu_platform', 'network_tier']);
    const db = await api.send('POST', '/api/v1/database', { name: 'y', provider: 'postgresql', datacenter: 'fsn1', resource_profile: 'small', network_tier: 'fast' });
    expect(db.status).toBe(422);
    expect(Object.keys((await body<{ errors: Obj }>(db)).errors)).toEqual(['network_tier']);
  });

  test('a database and a cache created on the 10g tier say so', async () => {
    const db = await api.send('POST', '/api/v1/database', { name: 'fast-pg', provider: 'postgresql', datacenter: 'fsn1', resource_profile: 'small', network_tier: '10g' });
    expect(db.status).toBe(201);
    expect((await body<{ instance: Obj }>(db)).instance.network_tier).toBe('10g');
    const cache = await api.send('POST', '/api/v1/cache', { name: 'fast-redis', provider: 'redis', datacenter: 'fsn1', resource_profile: 'small', network_tier: '10g' });
    expect(cache.status).toBe(201);
    expect((await body<{ instance: Obj }>(cache)).instance.network_tier).toBe('10g');
  });
});

describe('recovery points: size_bytes and size_basis', () => {
  test('every product carries the size in bytes next to its decimal string', async () => {
    const vps = (await body<{ data: Obj[] }>(await api.get('/api/v1/snapshots/vps'))).data.find((p) => p.id === SEED_IDS.snapshots.vps.daily)!;
    expect(vps).toMatchObject({ size_bytes: 21_474_836_480, size_basis: null, size_gb: '20.00' });
    const cache = (await body<{ data: Obj[] }>(await api.get('/api/v1/snapshots/cache'))).data.find((p) => p.id === SEED_IDS.snapshots.cache.redis)!;
    expect(cache).toMatchObject({ size_bytes: 52_428_800, size_basis: null, size_mb: '50.00' });
    const db = (await body<{ data: Obj[] }>(await api.get('/api/v1/snapshots/database'))).data;
    expect(db.every((p) => typeof p.size_bytes === 'number' && p.size_basis === null && typeof p.size_gb === 'string')).toBe(true);
  });
});

describe('containers: initial_scale, scale_down_delay_seconds, build_cache_enabled; spec_generation of a redeploy', () => {
  const show = async () => (await body<{ container: Obj }>(await api.get(`/api/v1/serverless/${WEB}`))).container;

  test('defaults: the platform decides (null), builds cached; an update sets them', async () => {
    expect(await show()).toMatchObject({ initial_scale: null, scale_down_delay_seconds: null, build_cache_enabled: true });
    const res = await api.send('PUT', `/api/v1/serverless/${WEB}`, { initial_scale: 2, scale_down_delay_seconds: 120, build_cache_enabled: false });
    expect(res.status).toBe(200);
    expect((await body<{ container: Obj }>(res)).container).toMatchObject({ initial_scale: 2, scale_down_delay_seconds: 120, build_cache_enabled: false });
    await api.send('PUT', `/api/v1/serverless/${WEB}`, { initial_scale: null });
    expect((await show()).initial_scale).toBeNull();
  });

  test('a non-integer scale or a non-boolean cache flag is a 422 naming the field', async () => {
    const res = await api.send('PUT', `/api/v1/serverless/${WEB}`, { initial_scale: 'two', build_cache_enabled: 'yes' });
    expect(res.status).toBe(422);
    expect(Object.keys((await body<{ errors: Obj }>(res)).errors).sort()).toEqual(['build_cache_enabled', 'initial_scale']);
  });

  test('a redeploy answers with the spec_generation of its change', async () => {
    const before = (await show()).spec_generation as number;
    const res = await api.send('POST', `/api/v1/serverless/${WEB}/redeploy`);
    expect(res.status).toBe(202);
    expect((await body<Obj>(res)).spec_generation).toBe(before + 1);
    expect((await show()).spec_generation).toBe(before + 1);
  });

  test('a server that predates generations lacks them, as it lacks spec_generation (also in a redeploy answer)', async () => {
    const old = await startSim({ generations: false });
    try {
      const c = (await body<{ container: Obj }>(await simApi(old).get(`/api/v1/serverless/${WEB}`))).container;
      for (const k of ['spec_generation', 'initial_scale', 'scale_down_delay_seconds', 'build_cache_enabled']) expect(c).not.toHaveProperty(k);
      expect(await body(await simApi(old).send('POST', `/api/v1/serverless/${WEB}/redeploy`))).not.toHaveProperty('spec_generation');
    } finally {
      await old.close();
    }
  });
});

describe('storage access keys: arn and scope none', () => {
  test('the 201 and the resource carry arn; scope none makes a key with no bucket permissions', async () => {
    const res = await api.send('POST', '/api/v1/storage/access-keys', { name: 'locked', scope: 'none' });
    expect(res.status).toBe(201);
    const created = await body<Obj>(res);
    expect(created).toMatchObject({ arn: null, scope: 'none', bucket_permissions: [] });
    const shown = await body<{ access_key: Obj }>(await api.get(`/api/v1/storage/access-keys/${String(created.id)}`));
    expect(shown.access_key).toMatchObject({ arn: null, scope: 'none', access_type: 'restricted' });
  });
});

describe('parameter groups: what an update reached', () => {
  test('PUT answers with propagation: the queues that use the group, nothing deferred', async () => {
    const queues = (await body<{ data: Obj[] }>(await api.get('/api/v1/queue'))).data;
    const users = queues.filter((q) => q.parameter_group_id === SEED_IDS.parameterGroups.rabbitTuned).length;
    expect(users).toBeGreaterThan(0);
    const res = await api.send('PUT', `/api/v1/parameter-groups/${SEED_IDS.parameterGroups.rabbitTuned}`, { description: 'tuned for bursts' });
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({ message: 'Parameter group updated', propagation: { applied_to: users, deferred_parameters: [] } });
    const unused = await body(await api.send('PUT', `/api/v1/parameter-groups/${SEED_IDS.parameterGroups.ordersTuned}`, { description: 'x' }));
    expect(unused).toMatchObject({ propagation: { applied_to: 0, deferred_parameters: [] } });
  });
});

describe('cache and database metrics: the summary fields v1.7.0 added', () => {
  test('a running cache reports uptime, keys and persistence; a running database its uptime, size and blocked queries', async () => {
    const cache = await body<{ summary: Obj }>(await api.get(`/api/v1/cache/${SEED_IDS.redis}/metrics`));
    expect(cache.summary).toMatchObject({ uptime_seconds: expect.stringMatching(/^[0-9]+$/), total_keys: expect.stringMatching(/^[0-9]+$/), last_bgsave_ok: true, aof_rewrite_in_progress: false });
    for (const k of ['fragmentation_ratio', 'slowlog_length', 'connected_replicas']) expect(typeof cache.summary[k]).toBe('number');
    expect(cache.summary).toHaveProperty('last_save_age_seconds', null);
    const db = await body<{ summary: Obj }>(await api.get(`/api/v1/database/${SEED_IDS.postgres}/metrics`));
    expect(db.summary).toMatchObject({ uptime_seconds: expect.stringMatching(/^[0-9]+$/), database_size_bytes: expect.stringMatching(/^[0-9]+$/), blocked_queries: 0 });
  });

  test('a stopped cache reports zeros and nulls, with every field present', async () => {
    expect((await api.send('POST', `/api/v1/cache/${SEED_IDS.redis}/stop`)).status).toBe(200);
    api.advance(600);
    const cache = await body<{ summary: Obj }>(await api.get(`/api/v1/cache/${SEED_IDS.redis}/metrics`));
    expect(cache.summary).toMatchObject({ uptime_seconds: '0', total_keys: '0', fragmentation_ratio: null, last_bgsave_ok: null, slowlog_length: null, connected_replicas: null });
  });
});

describe('database replicas: the master names its replication role', () => {
  test('GET .../replicas: master.replication_role is present (null: the facts name no roles)', async () => {
    const res = await body<{ master: Obj }>(await api.get(`/api/v1/database/${SEED_IDS.postgres}/replicas`));
    expect(res.master).toHaveProperty('replication_role', null);
  });
});
