// Connection fields of databases and caches (spec 2.2), credentials and public DNS.
import { describe, expect, test } from 'vitest';
import * as S from './shapes.js';
import { parsed, SEED_IDS, simApi, useSimulator, type SimApi } from '../helpers/sim.js';

let api: SimApi;
useSimulator((sim) => (api = simApi(sim)));

const db = async (id: string) => (await parsed(await api.get(`/api/v1/database/${id}`), S.InstanceShow(S.Database))).instance;
const cache = async (id: string) => (await parsed(await api.get(`/api/v1/cache/${id}`), S.InstanceShow(S.Cache))).instance;

describe('connection fields', () => {
  test('DNS on: connection pair is public, private fields unchanged, port is the engine port', async () => {
    const pg = await db(SEED_IDS.postgres);
    expect(pg).toMatchObject({
      internal_host: 'orders-pg.svc.cluster.local',
      internal_port: 5432,
      internal_endpoint: 'orders-pg.svc.cluster.local:5432',
      dns_hostname: 'orders-pg.main.managed.sim.local',
      connection_host: 'orders-pg.main.managed.sim.local',
      port: 5432,
      username: 'postgres',
      database_name: null,
      engine: { id: 1, name: 'PostgreSQL' },
      provider: { id: 1, name: 'PostgreSQL', type: 'postgresql' },
      status_details: { summary: 'ready', health: 'healthy', stale: false, operation: { state: 'succeeded', terminal: true }, error: null },
    });
    expect(pg.dns_port).toBeGreaterThanOrEqual(30000);
    expect(pg.connection_port).toBe(pg.dns_port);
    expect(pg.endpoint).toBe(`${pg.connection_host}:${pg.connection_port}`);
    expect(pg.public_endpoint).toBe(`${pg.dns_hostname}:${pg.dns_port}`);
  });

  test('DNS off: public fields null, connection pair private', async () => {
    const my = await db(SEED_IDS.mysql);
    expect(my).toMatchObject({ dns_hostname: null, dns_port: null, public_endpoint: null, connection_host: my.internal_host, connection_port: 3306, port: 3306, username: 'root' });
  });

  test('enable and disable DNS switch host and port together; 409 when already on; ports unique on the shared LB', async () => {
    const on = await parsed(await api.send('POST', `/api/v1/database/${SEED_IDS.mysql}/dns`), S.DnsEnabled);
    expect(on.message).toBe('DNS enabled successfully');
    expect(on.dns_hostname).toBe('shop-mysql.main.managed.sim.local');
    const my = await db(SEED_IDS.mysql);
    expect([my.connection_host, my.connection_port]).toEqual([on.dns_hostname, on.dns_port]);
    expect([my.internal_endpoint, my.port]).toEqual(['shop-mysql.svc.cluster.local:3306', 3306]);
    const again = await parsed(await api.send('POST', `/api/v1/database/${SEED_IDS.mysql}/dns`), S.DnsEnabled, 409);
    expect(again).toEqual({ message: 'DNS is already enabled for this database instance', dns_hostname: on.dns_hostname, dns_port: on.dns_port });
    const c = await parsed(await api.send('POST', `/api/v1/cache/${SEED_IDS.valkey}/dns`), S.DnsEnabled);
    expect(new Set([30000, 30001, on.dns_port, c.dns_port]).size).toBe(4);
    const cacheAgain = await parsed(await api.send('POST', `/api/v1/cache/${SEED_IDS.valkey}/dns`), S.DnsEnabled, 409);
    expect(cacheAgain.message).toBe('DNS is already enabled for this cache instance');
    expect(await parsed(await api.send('DELETE', `/api/v1/database/${SEED_IDS.mysql}/dns`), S.MessageBody)).toEqual({ message: 'DNS disabled successfully' });
    expect(await db(SEED_IDS.mysql)).toMatchObject({ dns_hostname: null, dns_port: null, public_endpoint: null, connection_host: 'shop-mysql.svc.cluster.local', connection_port: 3306 });
  });

  test('caches: Redis with DNS on, Valkey off, Dragonfly; engine port 6379; no engine field', async () => {
    const list = await parsed(await api.get('/api/v1/cache'), S.listOf(S.Cache));
    expect(list.data.map((c) => [c.name, c.provider?.type, c.dns_hostname !== null])).toEqual([
      ['sessions-redis', 'redis', true],
      ['queue-valkey', 'valkey', false],
      ['feed-dragonfly', 'dragonfly', false],
    ]);
    expect(list.data.every((c) => c.port === 6379 && c.internal_port === 6379)).toBe(true);
    expect(await cache(SEED_IDS.redis)).not.toHaveProperty('engine');
  });

  test('show answers wrap the instance with connection_info and a numeric monthly_cost', async () => {
    const show = await parsed(await api.get(`/api/v1/database/${SEED_IDS.mysql}`), S.InstanceShow(S.Database));
    expect(show.connection_info).toBe('mysql://root@shop-mysql.svc.cluster.local:3306/shop');
    expect(show.monthly_cost).toBe(show.instance.monthly_cost_dollars);
  });
});

describe('credentials', () => {
  test('PostgreSQL created without a name: superuser and the bootstrap database, never null', async () => {
    const c = await parsed(await api.get(`/api/v1/database/${SEED_IDS.postgres}/credentials`), S.DbCredentials);
    expect(c).toMatchObject({ username: 'postgres', database: 'app', host: 'orders-pg.main.managed.sim.local' });
    expect(c.connection_info).toBe(`postgresql://postgres:${c.password}@${c.host}:${c.port}/app`);
  });

  test('MySQL and MariaDB: root and their database; host/port are the pair to connect to now', async () => {
    expect(await parsed(await api.get(`/api/v1/database/${SEED_IDS.mysql}/credentials`), S.DbCredentials)).toMatchObject({
      username: 'root',
      database: 'shop',
      host: 'shop-mysql.svc.cluster.local',
      port: 3306,
    });
    const maria = await parsed(await api.get(`/api/v1/database/${SEED_IDS.mariadb}/credentials`), S.DbCredentials);
    expect(maria.connection_info).toMatch(/^mysql:\/\/root:.+@wiki-maria\.svc\.cluster\.local:3306\/wiki$/);
  });

  test('cache connection-info and its alias credentials are identical, same permission', async () => {
    const t = api.sim.tokens.default;
    const a = await parsed(await api.get(`/api/v1/cache/${SEED_IDS.redis}/connection-info`, { token: t }), S.CacheCredentials);
    const b = await parsed(await api.get(`/api/v1/cache/${SEED_IDS.redis}/credentials`, { token: t }), S.CacheCredentials);
    expect(a).toEqual(b);
    expect(a.connection_info).toMatch(/^redis:\/\/default:.+@sessions-redis\.main\.managed\.sim\.local:300\d\d\/0$/);
    expect([a.host, a.port]).toEqual([(await cache(SEED_IDS.redis)).connection_host, (await cache(SEED_IDS.redis)).connection_port]);
  });

  test('unknown, mistyped or other-team instances are 404 {message}', async () => {
    await parsed(await api.get(`/api/v1/database/${SEED_IDS.stagingPostgres}/credentials`), S.MessageBody, 404);
    expect((await api.get(`/api/v1/database/${SEED_IDS.stagingPostgres}/credentials`, { team: 2 })).status).toBe(200);
    await parsed(await api.get(`/api/v1/cache/${SEED_IDS.postgres}/connection-info`), S.MessageBody, 404);
    await parsed(await api.get('/api/v1/cache/401/connection-info'), S.MessageBody, 404);
  });
});
