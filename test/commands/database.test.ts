// Connection-detail formatting (contract 9, spec 2.2) and the
// database/cache list commands against the simulator.
import { describe, expect, test } from 'vitest';
import type { Simulator } from '../../src/sim/server.js';
import { useSimulator } from '../helpers/sim.js';
import { credentialsView, currentPair, dnsEnabled, privatePair, publicPair, READ_ENDPOINTS_NOTE } from '../../src/commands/database/connection.js';
import type { Credentials, Datastore } from '../../src/client/schemas.js';
import { runCli } from '../helpers/cli.js';

const publicInstance: Partial<Datastore> = {
  internal_host: 'db.svc.cluster.local',
  internal_port: 5432,
  dns_hostname: 'db.example.net',
  dns_port: 30007,
  connection_host: 'db.example.net',
  connection_port: 30007,
  port: 5432,
};

const publicCreds: Credentials = {
  host: 'db.example.net',
  port: 30007,
  username: 'postgres',
  password: 'pg-S3cret-orders',
  database: 'app',
  connection_info: 'postgresql://postgres:pg-S3cret-orders@db.example.net:30007/app',
};

describe('connection fields', () => {
  test('the current pair is connection_host + connection_port, never dns_hostname with port', () => {
    expect(currentPair(publicInstance)).toBe('db.example.net:30007');
    expect(publicPair(publicInstance)).toBe('db.example.net:30007');
    expect(privatePair(publicInstance)).toBe('db.svc.cluster.local:5432');
    const view = credentialsView(publicCreds, publicInstance, false).map(([, v]) => v).join('\n');
    expect(view).not.toContain('db.example.net:5432');
    expect(Object.fromEntries(credentialsView(publicCreds, publicInstance, false))['connect to']).toBe('db.example.net:30007');
  });

  test('DNS off: private plane, no public endpoint', () => {
    const off = { ...publicInstance, dns_hostname: null, dns_port: null, connection_host: 'db.svc.cluster.local', connection_port: 5432 };
    expect(dnsEnabled(off)).toBe(false);
    expect(publicPair(off)).toBeUndefined();
    const view = Object.fromEntries(credentialsView({ ...publicCreds, host: 'db.svc.cluster.local', port: 5432 }, off, false));
    expect(view['plane']).toBe('private (public DNS is off)');
    expect(view['public endpoint']).toBe('none (public DNS is off)');
    expect(view['connect to']).toBe('db.svc.cluster.local:5432');
  });

  test('without the instance: the credentials pair, and no claim about planes', () => {
    const view = Object.fromEntries(credentialsView(publicCreds, undefined, false));
    expect(view['connect to']).toBe('db.example.net:30007');
    expect(view).not.toHaveProperty('plane');
  });

  test('secrets masked unless asked for', () => {
    const masked = Object.fromEntries(credentialsView(publicCreds, publicInstance, false));
    expect(masked.password).toBe('********'); // not even a prefix of a password
    expect(masked.url).toBe('postgresql://postgres:********@db.example.net:30007/app');
    const shown = Object.fromEntries(credentialsView(publicCreds, publicInstance, true));
    expect(shown.password).toBe('pg-S3cret-orders');
    expect(shown.url).toBe(publicCreds.connection_info);
  });

  test('read endpoints are private only', () => {
    expect(Object.fromEntries(credentialsView(publicCreds, publicInstance, false))['read endpoints']).toBe(READ_ENDPOINTS_NOTE);
  });
});

describe('database list / cache list', () => {
  let sim: Simulator;
  let env: Record<string, string>;
  useSimulator((s, e) => {
    sim = s;
    env = e;
  });

  test('database list: engine, version, status, current endpoint, DNS on/off (TSV when piped)', async () => {
    const r = await runCli(['database', 'list'], { env });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe('ID\tNAME\tENGINE\tVERSION\tSTATUS\tENDPOINT\tDNS');
    expect(lines).toContain('301\torders-pg\tpostgresql\t16.4\trunning\torders-pg.main.managed.sim.local:30000\ton');
    expect(lines).toContain('302\tshop-mysql\tmysql\t8.0.39\trunning\tshop-mysql.svc.cluster.local:3306\toff');
    expect(sim.requests.map((q) => q.path)).toEqual(['/api/v1/database']);
  });

  test('cache list --json: a JSON array of the API items', async () => {
    const r = await runCli(['cache', 'list', '--json'], { env });
    const items = JSON.parse(r.stdout) as { name: string; connection_port: number }[];
    expect(items.map((i) => i.name)).toEqual(['sessions-redis', 'queue-valkey', 'feed-dragonfly']);
    expect(items[0]).toHaveProperty('read_endpoints');
  });

  test('--per-page/--page/--all as in vps list', async () => {
    const one = await runCli(['cache', 'list', '--per-page', '1', '--page', '2'], { env });
    expect(one.stdout.trim().split('\n')).toEqual(['ID\tNAME\tENGINE\tVERSION\tSTATUS\tENDPOINT\tDNS', '402\tqueue-valkey\tvalkey\t8.0\trunning\tqueue-valkey.svc.cluster.local:6379\toff']);
    expect(one.stderr).toContain('page 2 of 3');
    const all = await runCli(['cache', 'list', '--per-page', '1', '--all', '--json'], { env });
    expect((JSON.parse(all.stdout) as unknown[]).length).toBe(3);
    expect(sim.requests.filter((q) => q.path === '/api/v1/cache').map((q) => q.query.page)).toEqual(['2', '1', '2', '3']);
    expect((await runCli(['cache', 'list', '--per-page', '0'], { env })).code).toBe(2);
  });
});
