// Connection fields of databases and caches (spec 2.2), credentials and public DNS.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { Cache, Credentials, Database, DnsAnswer, listOf } from '../../src/client/schemas.js';
import { body, startApi, type Api } from './helpers.js';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.sim.close());
beforeEach(() => api.sim.world.reset());

const creds = async (path: string) => Credentials.parse(await body(await api.get(path)));

describe('connection fields', () => {
  test('DNS on: connection pair is public, private fields unchanged, port is the engine port', async () => {
    const list = listOf(Database).parse(await body(await api.get('/api/v1/database')));
    expect(list.data.map((d) => d.engine)).toEqual(['postgresql', 'mysql', 'mariadb']);
    const pg = list.data[0];
    expect(pg).toMatchObject({
      internal_host: 'orders-pg.svc.cluster.local',
      internal_port: 5432,
      internal_endpoint: 'orders-pg.svc.cluster.local:5432',
      dns_hostname: 'orders-pg.main.managed.sim.local',
      connection_host: 'orders-pg.main.managed.sim.local',
      port: 5432,
    });
    expect(pg?.dns_port).toBeGreaterThanOrEqual(30000);
    expect(pg?.connection_port).toBe(pg?.dns_port);
    expect(pg?.endpoint).toBe(`${pg?.connection_host}:${pg?.connection_port}`);
    expect(pg?.public_endpoint).toBe(`${pg?.dns_hostname}:${pg?.dns_port}`);
  });

  test('DNS off: public fields null, connection pair private; read replicas private on the engine port', async () => {
    const my = Database.parse(await body(await api.get('/api/v1/database/302')));
    expect(my).toMatchObject({ dns_hostname: null, dns_port: null, public_endpoint: null, connection_host: my.internal_host, connection_port: 3306, port: 3306 });
    expect(my.read_endpoints).toEqual([{ host: 'shop-mysql-replica-1.svc.cluster.local', port: 3306, role: 'replica' }]);
  });

  test('enable and disable DNS switch host and port together; ports are unique on the shared LB', async () => {
    const on = await api.send('POST', '/api/v1/database/302/dns');
    expect(on.status).toBe(200);
    const a = DnsAnswer.parse(await body(on));
    expect(a.dns_hostname).toBe('shop-mysql.main.managed.sim.local');
    expect([a.connection_host, a.connection_port]).toEqual([a.dns_hostname, a.dns_port]);
    expect(a.internal_endpoint).toBe('shop-mysql.svc.cluster.local:3306');
    expect(a.port).toBe(3306);
    expect(a.read_endpoints?.[0]?.port).toBe(3306);
    const cache = DnsAnswer.parse(await body(await api.send('POST', '/api/v1/cache/402/dns')));
    const ports = [30000, 30001, a.dns_port, cache.dns_port];
    expect(new Set(ports).size).toBe(4);
    const off = DnsAnswer.parse(await body(await api.send('DELETE', '/api/v1/database/302/dns')));
    expect(off).toMatchObject({ dns_hostname: null, dns_port: null, public_endpoint: null, connection_host: 'shop-mysql.svc.cluster.local', connection_port: 3306 });
  });

  test('caches: Redis with DNS on keeps a private Sentinel read endpoint; Valkey off; Dragonfly', async () => {
    const list = listOf(Cache).parse(await body(await api.get('/api/v1/cache')));
    expect(list.data.map((c) => [c.engine, c.dns_hostname !== null])).toEqual([['redis', true], ['valkey', false], ['dragonfly', false]]);
    expect(list.data[0]?.read_endpoints).toEqual([{ host: 'sessions-redis-sentinel.svc.cluster.local', port: 26379, role: 'sentinel' }]);
    expect(list.data.every((c) => c.port === 6379 && c.internal_port === 6379)).toBe(true);
  });
});

describe('credentials', () => {
  test('PostgreSQL created without a name: superuser and the bootstrap database, never null', async () => {
    const c = await creds('/api/v1/database/301/credentials');
    expect(c).toMatchObject({ username: 'postgres', database: 'app' });
    expect(c.connection_info).toBe(`postgresql://postgres:${c.password}@${c.connection_host}:${c.connection_port}/app`);
  });

  test('MySQL and MariaDB: root and their database', async () => {
    expect(await creds('/api/v1/database/302/credentials')).toMatchObject({ username: 'root', database: 'shop' });
    const maria = await creds('/api/v1/database/303/credentials');
    expect(maria.connection_info).toMatch(/^mysql:\/\/root:.+@wiki-maria\.svc\.cluster\.local:3306\/wiki$/);
  });

  test('cache connection-info and credentials are identical, same permission', async () => {
    const a = await body(await api.get('/api/v1/cache/401/connection-info', { token: api.sim.tokens.default }));
    const b = await body(await api.get('/api/v1/cache/401/credentials', { token: api.sim.tokens.default }));
    expect(a).toEqual(b);
    expect(Credentials.parse(a).connection_info).toMatch(/^redis:\/\/default:.+@sessions-redis\.main\.managed\.sim\.local:300\d\d\/0$/);
  });

  test('unknown or other-project instances are 404', async () => {
    expect((await api.get('/api/v1/database/311/credentials')).status).toBe(404);
    expect((await api.get('/api/v1/database/311/credentials', { team: 'prj-staging' })).status).toBe(200);
    expect((await api.get('/api/v1/cache/abc/connection-info')).status).toBe(404);
  });
});
