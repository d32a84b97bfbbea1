// Connection details and public DNS of databases and caches, end to end against the simulator.
import { describe, expect, test } from 'vitest';
import { HttpResponse, http } from 'msw';
import type { Simulator } from '../../src/sim/server.js';
import { useSimulator } from '../helpers/sim.js';
import { runCli, spawnCli } from '../helpers/cli.js';

let sim: Simulator;
let env: Record<string, string>;

useSimulator((s, e) => {
  sim = s;
  env = e;
});

const apiRequests = () => sim.requests.map((r) => `${r.method} ${r.path}`);

async function json(argv: string[]) {
  const r = await runCli([...argv, '--json'], { env });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

describe('database credentials', () => {
  test('human output: current pair, plane, both endpoints, read endpoints, masked secrets', async () => {
    const r = await runCli(['database', 'credentials', '301'], { env });
    expect(r.code, r.stderr).toBe(0);
    const out = r.stdout;
    // orders-pg has public DNS on in the seed: the current pair is the public one.
    expect(out).toMatch(/connect to:\s+orders-pg\.main\.managed\.sim\.local:30000\n/);
    expect(out).toMatch(/plane:\s+public \(public DNS is on\)/);
    expect(out).toMatch(/private endpoint:\s+orders-pg\.svc\.cluster\.local:5432/);
    expect(out).toMatch(/public endpoint:\s+orders-pg\.main\.managed\.sim\.local:30000/);
    expect(out).toMatch(/read endpoints:\s+private network only/);
    expect(out).toMatch(/username:\s+postgres/);
    expect(out).toMatch(/database:\s+app/);
    expect(out).toContain('postgresql://postgres:********@orders-pg.main.managed.sim.local:30000/app');
    expect(out).not.toContain('pg-S3cret-orders');
    // Never the DNS name with the engine port.
    expect(out).not.toContain('managed.sim.local:5432');
    expect(apiRequests()).toEqual(['GET /api/v1/database/301/credentials']);
  });

  test('private plane and listed replicas when DNS is off', async () => {
    const r = await runCli(['database', 'credentials', 'shop-mysql'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/connect to:\s+shop-mysql\.svc\.cluster\.local:3306/);
    expect(r.stdout).toMatch(/plane:\s+private/);
    expect(r.stdout).toMatch(/public endpoint:\s+none \(public DNS is off\)/);
    expect(r.stdout).toMatch(/read endpoints:\s+shop-mysql-replica-1\.svc\.cluster\.local:3306 \(replica\); private network only/);
    // The name was resolved through the list, then the id used.
    expect(apiRequests()).toEqual(['GET /api/v1/database', 'GET /api/v1/database/302/credentials']);
  });

  test('--show-secrets shows the password and the URL unmasked', async () => {
    const r = await runCli(['database', 'credentials', '302', '--show-secrets'], { env });
    expect(r.stdout).toMatch(/password:\s+my-S3cret-shop/);
    expect(r.stdout).toContain('mysql://root:my-S3cret-shop@shop-mysql.svc.cluster.local:3306/shop');
  });

  test('--url prints only the connection_info URL, unmasked', async () => {
    const r = await runCli(['database', 'credentials', '301', '--url'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('postgresql://postgres:pg-S3cret-orders@orders-pg.main.managed.sim.local:30000/app\n');
    expect(r.stderr).toBe('');
  });

  test('--json prints the payload as the API returned it', async () => {
    const direct = await (await fetch(`${sim.url}/api/v1/database/301/credentials`, { headers: { authorization: `Bearer ${sim.tokens.admin}` } })).json();
    expect(await json(['database', 'credentials', '301'])).toEqual(direct);
  });

  test('a payload wrapped in {data: ...} reads the same; --json keeps the wrapping', async () => {
    const bare = await (await fetch(`${sim.url}/api/v1/database/301/credentials`, { headers: { authorization: `Bearer ${sim.tokens.admin}` } })).json();
    const plain = await runCli(['database', 'credentials', '301'], { env });
    sim.use(http.get('*/api/v1/database/:id/credentials', () => HttpResponse.json({ data: bare })));
    const wrapped = await runCli(['database', 'credentials', '301'], { env });
    expect(wrapped.code, wrapped.stderr).toBe(0);
    expect(wrapped.stdout).toBe(plain.stdout);
    expect(await json(['database', 'credentials', '301'])).toEqual({ data: bare });
  });

  test('a payload without connection_info is a clear error naming the field (exit 1)', async () => {
    sim.use(http.get('*/api/v1/database/:id/credentials', () => HttpResponse.json({ username: 'postgres' })));
    const r = await runCli(['database', 'credentials', '301'], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('GET /api/v1/database/301/credentials');
    expect(r.stderr).toContain('connection_info');
  });

  test('--rotate is refused with the reason (exit 2, no request); --help says so', async () => {
    const r = await runCli(['database', 'credentials', '301', '--rotate'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('password rotation is not offered by the API');
    expect(sim.requests).toHaveLength(0);
    const help = await runCli(['database', 'credentials', '--help'], { env });
    expect(help.stdout).toContain('Password rotation is not offered by the API');
    expect(help.stdout).not.toMatch(/^\s+--rotate/m);
  });

  test('unknown id or name → exit 5', async () => {
    expect((await runCli(['database', 'credentials', '999'], { env })).code).toBe(5);
    expect((await runCli(['database', 'credentials', 'no-such-db'], { env })).code).toBe(5);
  });
});

describe('cache connection-info and its alias', () => {
  test('both commands call the canonical /connection-info route and print the same', async () => {
    const a = await runCli(['cache', 'connection-info', '401'], { env });
    const b = await runCli(['cache', 'credentials', '401'], { env });
    expect(a.code, a.stderr).toBe(0);
    expect(b.stdout).toBe(a.stdout);
    expect(apiRequests()).toEqual(['GET /api/v1/cache/401/connection-info', 'GET /api/v1/cache/401/connection-info']);
    expect(a.stdout).toMatch(/read endpoints:\s+sessions-redis-sentinel\.svc\.cluster\.local:26379 \(sentinel\); private network only/);
    expect(a.stdout).toContain('redis://default:********@sessions-redis.main.managed.sim.local:30001/0');
  });

  test('the API alias /credentials answers exactly what /connection-info answers', async () => {
    const h = { headers: { authorization: `Bearer ${sim.tokens.admin}` } };
    const canonical = await (await fetch(`${sim.url}/api/v1/cache/401/connection-info`, h)).json();
    const alias = await (await fetch(`${sim.url}/api/v1/cache/401/credentials`, h)).json();
    expect(alias).toEqual(canonical);
    expect(await json(['cache', 'credentials', '401'])).toEqual(canonical);
  });
});

describe('public DNS', () => {
  for (const [kind, id, enginePort] of [['database', '302', 3306], ['cache', '402', 6379]] as const) {
    const infoCmd = kind === 'database' ? 'credentials' : 'connection-info';

    test(`${kind}: enable moves connection_host/port together; internal_* and port stay`, async () => {
      const before = await json([kind, infoCmd, id]);
      expect(before.dns_hostname).toBeNull();
      expect(before.connection_host).toBe(before.internal_host);
      expect(before.connection_port).toBe(enginePort);

      const r = await runCli([kind, 'dns', 'enable', id], { env });
      expect(r.code, r.stderr).toBe(0);
      const after = await json([kind, infoCmd, id]);
      expect(after.dns_hostname).toEqual(expect.any(String));
      expect(after.dns_port).toEqual(expect.any(Number));
      expect(after.dns_port).not.toBe(enginePort);
      expect([after.connection_host, after.connection_port]).toEqual([after.dns_hostname, after.dns_port]);
      for (const k of ['internal_host', 'internal_port', 'internal_endpoint', 'port']) expect(after[k]).toEqual(before[k]);

      expect(r.stdout).toBe(`${after.dns_hostname}:${after.dns_port}\n`);
      expect(r.stderr).toMatch(/warning: connect with connection_host \+ connection_port/);
      expect(r.stderr).toContain(`engine port ${enginePort}`);
      expect(r.stderr).toContain('belongs to another instance');
      expect(sim.requests.filter((q) => q.method === 'POST').map((q) => q.path)).toEqual([`/api/v1/${kind}/${id}/dns`]);

      const off = await runCli([kind, 'dns', 'disable', id], { env });
      expect(off.code, off.stderr).toBe(0);
      expect(off.stdout).toBe(`${before.internal_host}:${before.internal_port}\n`);
      expect(off.stderr).toContain('connections now use the private endpoint');
      expect(sim.requests.filter((q) => q.method === 'DELETE').map((q) => q.path)).toEqual([`/api/v1/${kind}/${id}/dns`]);
      expect(await json([kind, infoCmd, id])).toEqual(before);
    });
  }

  test('--json prints the API answer of the DNS call', async () => {
    const answer = await json(['database', 'dns', 'enable', '303']);
    expect(answer).toMatchObject({ id: 303, connection_host: answer.dns_hostname, connection_port: answer.dns_port });
  });

  test('a token without database:write → exit 4 naming the permission', async () => {
    const r = await runCli(['database', 'dns', 'enable', '302'], { env: { ...env, INFRA_TOKEN: sim.tokens.default } });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('database:write');
  });
});

describe('as a real process', () => {
  test('psql "$(infra database credentials 301 --url)" gets the bare URL', async () => {
    const r = await spawnCli(['database', 'credentials', '301', '--url'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('postgresql://postgres:pg-S3cret-orders@orders-pg.main.managed.sim.local:30000/app\n');
  });

  test('cache credentials (alias) masks the password when piped', async () => {
    const r = await spawnCli(['cache', 'credentials', '401'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('redis://default:********@');
    expect(r.stdout).not.toContain('redis-S3cret');
  });
});
