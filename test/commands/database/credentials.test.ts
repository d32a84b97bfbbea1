// Connection details and public DNS of databases and caches, end to end against the simulator.
import { describe, expect, test } from 'vitest';
import { HttpResponse, http } from 'msw';
import type { Simulator } from '../../../src/sim/server.js';
import { SEED_IDS } from '../../../src/sim/state/seed.js';
import { peek, requestLines, useSimulator } from '../../helpers/sim.js';
import { runCli, spawnCli } from '../../helpers/cli.js';

let sim: Simulator;
let env: Record<string, string>;

useSimulator((s, e) => {
  sim = s;
  env = e;
});

const PG = SEED_IDS.postgres;
const MYSQL = SEED_IDS.mysql;
const REDIS = SEED_IDS.redis;
const PG_URL = 'postgresql://postgres:pg-S3cret-orders@orders-pg.main.managed.sim.local:30000/app';

async function json(argv: string[]) {
  const r = await runCli([...argv, '--json'], { env });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

/** The instance as GET /{kind}/{id} holds it (no trace in sim.requests). */
async function instance(kind: 'database' | 'cache', id: string) {
  return (await peek<{ instance: Record<string, unknown> }>(sim, `/api/v1/${kind}/${id}`)).instance;
}

describe('database credentials', () => {
  test('human output by name: current pair, plane, both endpoints from the instance, masked secrets', async () => {
    const r = await runCli(['database', 'credentials', 'orders-pg'], { env });
    expect(r.code, r.stderr).toBe(0);
    const out = r.stdout;
    // orders-pg has public DNS on in the seed: the current pair is the public one.
    expect(out).toMatch(/^connect to:\s+orders-pg\.main\.managed\.sim\.local:30000\n/);
    expect(out).toMatch(/plane:\s+public \(public DNS is on\)/);
    expect(out).toMatch(/private endpoint:\s+orders-pg\.svc\.cluster\.local:5432/);
    expect(out).toMatch(/public endpoint:\s+orders-pg\.main\.managed\.sim\.local:30000/);
    expect(out).toMatch(/read endpoints:\s+private network only/);
    expect(out).toMatch(/username:\s+postgres/);
    expect(out).toMatch(/password:\s+\*{8}\n/);
    expect(out).toMatch(/database:\s+app/);
    expect(out).toContain('postgresql://postgres:********@orders-pg.main.managed.sim.local:30000/app');
    expect(out).not.toContain('pg-S3cret-orders');
    // Never the DNS name with the engine port.
    expect(out).not.toContain('managed.sim.local:5432');
    // A name costs one list request, whose item gives the planes; then the credentials.
    expect(requestLines(sim)).toEqual(['GET /api/v1/database', `GET /api/v1/database/${PG}/credentials`]);
    expect(sim.requests[0]!.query).toMatchObject({ page: '1', per_page: '200' });
  });

  test('by UUID: no lookup; the planes come from one read of the instance', async () => {
    const r = await runCli(['database', 'credentials', PG], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(requestLines(sim).sort()).toEqual([`GET /api/v1/database/${PG}`, `GET /api/v1/database/${PG}/credentials`]);
    const byName = await runCli(['database', 'credentials', 'orders-pg'], { env });
    expect(byName.stdout).toBe(r.stdout);
  });

  test('the planes are the instance fields, not guessed from the credentials pair', async () => {
    // An instance whose private endpoint is not the engine's default name: the view must show it as sent.
    const inst = await instance('database', MYSQL);
    sim.use(
      http.get(`*/api/v1/database/${MYSQL}`, () =>
        HttpResponse.json({ instance: { ...inst, internal_host: '10.0.4.17', internal_port: 3307, internal_endpoint: '10.0.4.17:3307' }, connection_info: null, monthly_cost: 45 }),
      ),
    );
    const r = await runCli(['database', 'credentials', MYSQL], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/private endpoint:\s+10\.0\.4\.17:3307\n/);
    expect(r.stdout).toMatch(/connect to:\s+shop-mysql\.svc\.cluster\.local:3306\n/);
  });

  test('private plane when DNS is off; read endpoints are private only', async () => {
    const r = await runCli(['database', 'credentials', 'shop-mysql'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/connect to:\s+shop-mysql\.svc\.cluster\.local:3306/);
    expect(r.stdout).toMatch(/plane:\s+private \(public DNS is off\)/);
    expect(r.stdout).toMatch(/public endpoint:\s+none \(public DNS is off\)/);
    expect(r.stdout).toMatch(/read endpoints:\s+private network only \(replicas, Sentinel\)/);
    expect(r.stdout).toMatch(/database:\s+shop/);
  });

  test('--show-secrets shows the password and the URL unmasked', async () => {
    const r = await runCli(['database', 'credentials', MYSQL, '--show-secrets'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/password:\s+my-S3cret-shop\n/);
    expect(r.stdout).toContain('mysql://root:my-S3cret-shop@shop-mysql.svc.cluster.local:3306/shop');
  });

  test('--url prints only the connection_info URL, unmasked, with one credentials request', async () => {
    const r = await runCli(['database', 'credentials', PG, '--url'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${PG_URL}\n`);
    expect(r.stderr).toBe('');
    expect(requestLines(sim)).toEqual([`GET /api/v1/database/${PG}/credentials`]);
    // By name: the lookup, then still one credentials request and no instance read.
    sim.requests.length = 0;
    const byName = await runCli(['database', 'credentials', 'orders-pg', '--url'], { env });
    expect(byName.stdout).toBe(`${PG_URL}\n`);
    expect(requestLines(sim)).toEqual(['GET /api/v1/database', `GET /api/v1/database/${PG}/credentials`]);
  });

  test('--json prints the payload as the API returned it, from the credentials request alone', async () => {
    const direct = await peek(sim, `/api/v1/database/${PG}/credentials`);
    expect(await json(['database', 'credentials', PG])).toEqual(direct);
    expect(requestLines(sim)).toEqual([`GET /api/v1/database/${PG}/credentials`]);
  });

  test('fields the client does not know pass through --json; a null password reads as none', async () => {
    const direct = await peek<Record<string, unknown>>(sim, `/api/v1/database/${PG}/credentials`);
    const extended = { ...direct, password: null, ssl_mode: 'require', ca_certificate: null };
    sim.use(http.get('*/api/v1/database/:id/credentials', () => HttpResponse.json(extended)));
    expect(await json(['database', 'credentials', PG])).toEqual(extended);
    const human = await runCli(['database', 'credentials', PG, '--show-secrets'], { env });
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toMatch(/password:\s+\(none\)/);
  });

  test('an answer without connection_info: --url is a clear error naming the field (exit 1); the view still shows the rest', async () => {
    sim.use(http.get('*/api/v1/database/:id/credentials', () => HttpResponse.json({ host: 'orders-pg.svc.cluster.local', port: 5432, username: 'postgres', password: 'x' })));
    const r = await runCli(['database', 'credentials', PG, '--url'], { env });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`GET /api/v1/database/${PG}/credentials`);
    expect(r.stderr).toContain('connection_info');
    const view = await runCli(['database', 'credentials', PG], { env });
    expect(view.code, view.stderr).toBe(0);
    expect(view.stdout).toMatch(/username:\s+postgres/);
    expect(view.stdout).not.toMatch(/^url:/m);
  });

  test('--rotate is refused with the command that rotates (exit 2, no request); --help names it', async () => {
    const r = await runCli(['database', 'credentials', PG, '--rotate'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`hint: rotate with 'infra database credentials rotate ${PG}'`);
    expect(sim.requests).toHaveLength(0);
    const help = await runCli(['database', 'credentials', '--help'], { env });
    expect(help.stdout).toContain('Rotate the password with the rotate subcommand');
    expect(help.stdout).not.toMatch(/^\s+--rotate/m);
  });

  test('unknown id or name → exit 5', async () => {
    expect((await runCli(['database', 'credentials', '00000000-0000-4000-8000-000000000000'], { env })).code).toBe(5);
    expect((await runCli(['database', 'credentials', 'no-such-db'], { env })).code).toBe(5);
    // A cache's name is not a database's.
    expect((await runCli(['database', 'credentials', 'sessions-redis'], { env })).code).toBe(5);
  });
});

describe('cache connection-info and its alias', () => {
  test('both commands call the canonical /connection-info route and print the same', async () => {
    const a = await runCli(['cache', 'connection-info', REDIS], { env });
    const b = await runCli(['cache', 'credentials', REDIS], { env });
    expect(a.code, a.stderr).toBe(0);
    expect(b.stdout).toBe(a.stdout);
    expect(requestLines(sim).filter((l) => l.endsWith('/connection-info') || l.endsWith('/credentials'))).toEqual([
      `GET /api/v1/cache/${REDIS}/connection-info`,
      `GET /api/v1/cache/${REDIS}/connection-info`,
    ]);
    expect(a.stdout).toMatch(/connect to:\s+sessions-redis\.main\.managed\.sim\.local:30001/);
    expect(a.stdout).toMatch(/private endpoint:\s+sessions-redis\.svc\.cluster\.local:6379/);
    expect(a.stdout).toMatch(/read endpoints:\s+private network only \(replicas, Sentinel\)/);
    expect(a.stdout).toContain('redis://default:********@sessions-redis.main.managed.sim.local:30001/0');
    expect(a.stdout).not.toContain('redis-S3cret');
    // A cache has no database name.
    expect(a.stdout).not.toMatch(/^database:/m);
  });

  test('the API alias /credentials answers exactly what /connection-info answers', async () => {
    const canonical = await peek(sim, `/api/v1/cache/${REDIS}/connection-info`);
    const alias = await peek(sim, `/api/v1/cache/${REDIS}/credentials`);
    expect(alias).toEqual(canonical);
    expect(await json(['cache', 'credentials', 'sessions-redis'])).toEqual(canonical);
  });
});

describe('public DNS', () => {
  for (const [kind, name, enginePort] of [
    ['database', 'shop-mysql', 3306],
    ['cache', 'queue-valkey', 6379],
  ] as const) {
    const id = kind === 'database' ? MYSQL : SEED_IDS.valkey;
    const infoCmd = kind === 'database' ? 'credentials' : 'connection-info';
    const infoPath = kind === 'database' ? 'credentials' : 'connection-info';

    test(`${kind}: enable moves connection_host/port together; internal_* and port stay; disable moves them back`, async () => {
      const before = await instance(kind, id);
      expect(before.dns_hostname).toBeNull();
      expect(before.connection_host).toBe(before.internal_host);
      expect(before.connection_port).toBe(enginePort);

      const r = await runCli([kind, 'dns', 'enable', id], { env });
      expect(r.code, r.stderr).toBe(0);
      const after = await instance(kind, id);
      expect(after.dns_hostname).toEqual(expect.any(String));
      expect(after.dns_port).toEqual(expect.any(Number));
      expect(after.dns_port).not.toBe(enginePort);
      expect([after.connection_host, after.connection_port]).toEqual([after.dns_hostname, after.dns_port]);
      for (const k of ['internal_host', 'internal_port', 'internal_endpoint', 'port']) expect(after[k]).toEqual(before[k]);
      // The credentials follow: host/port are the pair to connect to now.
      expect(await json([kind, infoCmd, id])).toMatchObject({ host: after.dns_hostname, port: after.dns_port });

      expect(r.stdout).toBe(`${after.dns_hostname}:${after.dns_port}\n`);
      expect(r.stderr).toMatch(/warning: connect with connection_host \+ connection_port/);
      expect(r.stderr).toContain(`engine port ${enginePort}`);
      expect(r.stderr).toContain('belongs to another instance');
      expect(r.stderr).not.toContain('already');
      expect(sim.requests.filter((q) => q.method === 'POST').map((q) => q.path)).toEqual([`/api/v1/${kind}/${id}/dns`]);

      const off = await runCli([kind, 'dns', 'disable', id], { env });
      expect(off.code, off.stderr).toBe(0);
      expect(off.stdout).toBe(`${before.internal_host}:${before.internal_port}\n`);
      expect(off.stderr).toContain('connections now use the private endpoint');
      expect(sim.requests.filter((q) => q.method === 'DELETE').map((q) => q.path)).toEqual([`/api/v1/${kind}/${id}/dns`]);
      expect(await instance(kind, id)).toMatchObject({ dns_hostname: null, dns_port: null, connection_host: before.connection_host, connection_port: before.connection_port });
      expect(await json([kind, infoCmd, id])).toEqual(await peek(sim, `/api/v1/${kind}/${id}/${infoPath}`));
    });

    test(`${kind}: a name is resolved with one list request before the DNS call`, async () => {
      const r = await runCli([kind, 'dns', 'enable', name], { env });
      expect(r.code, r.stderr).toBe(0);
      // The list item gives the engine port for the warning: no second read.
      expect(requestLines(sim)).toEqual([`GET /api/v1/${kind}`, `POST /api/v1/${kind}/${id}/dns`]);
    });
  }

  test('enable when already on: the 409 is a success (exit 0) with the pair printed', async () => {
    const inst = await instance('database', PG);
    const r = await runCli(['database', 'dns', 'enable', PG], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${inst.dns_hostname}:${inst.dns_port}\n`);
    expect(r.stderr).toContain('public DNS was already enabled for this database');
    // --json prints the 409's body as the API sent it.
    const j = await runCli(['database', 'dns', 'enable', PG, '--json'], { env });
    expect(j.code, j.stderr).toBe(0);
    expect(JSON.parse(j.stdout)).toEqual({ message: 'DNS is already enabled for this database instance', dns_hostname: inst.dns_hostname, dns_port: inst.dns_port });
    const c = await runCli(['cache', 'dns', 'enable', 'sessions-redis'], { env });
    expect(c.code, c.stderr).toBe(0);
    expect(c.stderr).toContain('public DNS was already enabled for this cache');
  });

  test('--json prints the API answer of the DNS calls', async () => {
    const on = await json(['database', 'dns', 'enable', SEED_IDS.mariadb]);
    const inst = await instance('database', SEED_IDS.mariadb);
    expect(on).toEqual({ message: 'DNS enabled successfully', dns_hostname: inst.dns_hostname, dns_port: inst.dns_port });
    expect(await json(['database', 'dns', 'disable', SEED_IDS.mariadb])).toEqual({ message: 'DNS disabled successfully' });
  });

  test('a token without database:write → exit 4 naming the permission', async () => {
    const r = await runCli(['database', 'dns', 'enable', MYSQL], { env: { ...env, INFRA_TOKEN: sim.tokens.default } });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('database:write');
    expect((await instance('database', MYSQL)).dns_hostname).toBeNull();
  });
});

describe('as a real process', () => {
  test('psql "$(infra database credentials orders-pg --url)" gets the bare URL', async () => {
    const r = await spawnCli(['database', 'credentials', 'orders-pg', '--url'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${PG_URL}\n`);
  });

  test('cache credentials (alias) masks the password when piped', async () => {
    const r = await spawnCli(['cache', 'credentials', REDIS], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('redis://default:********@');
    expect(r.stdout).not.toContain('redis-S3cret');
  });
});
