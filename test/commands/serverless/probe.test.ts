// serverless probe: against the simulator's container URLs (plain HTTP on its port), where
// latencies are simulated time (the CLI's clock is the frozen simulator clock, which the
// simulated service time moves), and the measuring engine against local servers of its own:
// DNS through an injected resolver, TLS with a certificate made for the tests.
import { readFileSync } from 'node:fs';
import { createServer as createHttp, type Server } from 'node:http';
import { createServer as createHttps } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeUrl } from '../../../src/commands/serverless/probe.js';
import { coldStart, median, probe } from '../../../src/commands/serverless/probe-measure.js';
import { COLD_START_MS, SCALE_TO_ZERO_AFTER_MS, SERVICE_MS } from '../../../src/sim/handlers/container-traffic.js';
import { onlyJson } from '../../helpers/cli.js';
import { cli as simCli, requestLines, SEED_IDS, useSimulator, type Simulator } from '../../helpers/sim.js';

let sim: Simulator;
useSimulator((s) => (sim = s));
const cli = (argv: string[]) => simCli(sim, argv);
const { web, api, worker } = SEED_IDS;
const hits = (id: string) => sim.world.containers.findAnyTeam(id)!.hits;

describe('serverless probe against the simulator', () => {
  it('a container kept warm (min_scale 1): status, first and warm latency, no cold start', async () => {
    const r = await cli(['serverless', 'probe', 'web']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^URL: +${sim.url}/containers/web-main/$`, 'm'));
    expect(r.stdout).toMatch(/^DNS: +127\.0\.0\.1 \(an address: nothing to resolve\)$/m);
    expect(r.stdout).toMatch(/^TLS: +none \(plain HTTP\)$/m);
    expect(r.stdout).toMatch(/^Status: +200 \(expected 2xx or 3xx\)$/m);
    expect(r.stdout).toMatch(new RegExp(`^First request: +${SERVICE_MS} ms to first byte`, 'm'));
    expect(r.stdout).toMatch(new RegExp(`^Warm median: +${SERVICE_MS} ms to first byte \\(5 requests: ${Array(5).fill(SERVICE_MS).join(', ')} ms\\)$`, 'm'));
    expect(r.stdout).toMatch(/^Cold start: +not likely: .*\(threshold: 3x the warm median and 500 ms slower\)$/m);
    expect(r.stderr).toBe(`probing ${sim.url}/containers/web-main/ (1 request, then 5 warm)\n`);
    // The API is asked for the URL (a name costs the list); the container gets 1 + 5 requests.
    expect(requestLines(sim)).toEqual(['GET /api/v1/serverless', `GET /api/v1/serverless/${web}`]);
    expect(hits(web)).toBe(6);
  });

  it('a container scaled to zero: the first request is a likely cold start', async () => {
    const r = await cli(['serverless', 'probe', api, '--warm-requests', '3', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const j = onlyJson(r.stdout);
    expect(j).toMatchObject({
      id: api,
      name: 'api',
      url: `${sim.url}/containers/api-main/`,
      dns: { host: '127.0.0.1', literal: true, addresses: ['127.0.0.1'], ms: null },
      tls: null,
      first: { status: 200, ttfb_ms: COLD_START_MS + SERVICE_MS, reused: false },
      warm_median_ms: SERVICE_MS,
      cold_start: { likely: true },
      status: 200,
      expected_status: '2xx or 3xx',
      status_ok: true,
    });
    expect((j.warm as { ttfb_ms: number; reused: boolean }[]).map((s) => [s.ttfb_ms, s.reused])).toEqual([
      [SERVICE_MS, true],
      [SERVICE_MS, true],
      [SERVICE_MS, true],
    ]);
    expect(requestLines(sim)).toEqual([`GET /api/v1/serverless/${api}`]);
    // Probed again at once, it is warm; after the scale-to-zero window, cold again.
    const again = onlyJson((await cli(['serverless', 'probe', api, '--json'])).stdout);
    expect(again.cold_start).toMatchObject({ likely: false });
    sim.world.clock.advance(SCALE_TO_ZERO_AFTER_MS / 1000 + 1);
    expect(onlyJson((await cli(['serverless', 'probe', api, '--json'])).stdout).cold_start).toMatchObject({ likely: true });
  });

  it('--path and --expect-status: the status must match exactly', async () => {
    const ok = await cli(['serverless', 'probe', web, '--path', '/status/204', '--expect-status', '204', '--warm-requests', '0']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/^Status: +204 \(expected 204\)$/m);
    expect(ok.stdout).toMatch(/^Cold start: +cannot tell: no warm requests to compare with/m);
    const bad = await cli(['serverless', 'probe', web, '--path', 'healthz', '--expect-status', '204', '--warm-requests', '1']);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(new RegExp(`^URL: +${sim.url}/containers/web-main/healthz$`, 'm'));
    expect(bad.stderr).toContain('error: probe of web: status 200, expected 204\n');
    expect(bad.stderr).toContain(`hint: see why with: infra serverless diagnose ${web}\n`);
  });

  it('a container with no ready revision answers 503: exit 1', async () => {
    const r = await cli(['serverless', 'probe', worker, '--warm-requests', '1']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^Status: +503 \(expected 2xx or 3xx\)$/m);
    expect(r.stderr).toContain('error: probe of worker: status 503, expected 2xx or 3xx\n');
  });

  it('the API token is never sent to the container', async () => {
    let auth: string | undefined = 'unset';
    const server = createHttp((req, res) => {
      auth = req.headers.authorization;
      res.end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    try {
      const port = (server.address() as AddressInfo).port;
      await probe(new URL(`http://127.0.0.1:${port}/`), 0, { now: () => 0, timeoutMs: 5_000 });
      expect(auth).toBeUndefined();
    } finally {
      server.close();
    }
  });
});

describe('the measuring engine', () => {
  let server: Server;
  let secure: Server;
  let port = 0;
  let securePort = 0;
  let now = 0;
  const delays: number[] = [];
  const cert = readFileSync(new URL('./fixtures/probe-tls.crt', import.meta.url));
  const key = readFileSync(new URL('./fixtures/probe-tls.key', import.meta.url));
  // Each answer moves the injected clock by the next delay: latency without waiting.
  const handler = (_req: unknown, res: { end(s: string): void }) => {
    now += delays.shift() ?? 10;
    res.end('ok');
  };

  beforeAll(async () => {
    server = createHttp(handler);
    secure = createHttps({ cert, key }, handler);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    await new Promise<void>((r) => secure.listen(0, '127.0.0.1', () => r()));
    port = (server.address() as AddressInfo).port;
    securePort = (secure.address() as AddressInfo).port;
  });
  afterAll(() => {
    server.close();
    secure.close();
  });

  const deps = (extra = {}) => ({ now: () => now, timeoutMs: 5_000, ...extra });

  it('a name resolves through the resolver it is given; the time it took is measured', async () => {
    const lookup = async (host: string) => {
      now += 7;
      expect(host).toBe('app.probe.test');
      return [{ address: '127.0.0.1', family: 4 }];
    };
    delays.push(900, 20, 30, 25);
    const r = await probe(new URL(`http://app.probe.test:${port}/`), 3, deps({ lookup }));
    expect(r.error).toBeUndefined();
    expect(r.dns).toEqual({ host: 'app.probe.test', literal: false, addresses: ['127.0.0.1'], ms: 7 });
    expect(r.first).toMatchObject({ status: 200, ttfb_ms: 900, reused: false });
    expect(r.warm.map((s) => s.ttfb_ms)).toEqual([20, 30, 25]);
    expect(r.warm_median_ms).toBe(25);
    expect(r.cold_start.likely).toBe(true);
  });

  it('a name that does not resolve: the error, no request', async () => {
    const lookup = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    const r = await probe(new URL('http://nowhere.probe.test/'), 3, deps({ lookup }));
    expect(r.dns.error).toBe('ENOTFOUND: nowhere.probe.test does not resolve');
    expect(r.error).toBe(r.dns.error);
    expect(r.first).toBeNull();
  });

  it('nothing listening: the connection error', async () => {
    const idle = createHttp();
    await new Promise<void>((r) => idle.listen(0, '127.0.0.1', () => r()));
    const closed = (idle.address() as AddressInfo).port;
    await new Promise<void>((r) => idle.close(() => r()));
    const r = await probe(new URL(`http://127.0.0.1:${closed}/`), 1, deps());
    expect(r.error).toMatch(/ECONNREFUSED/);
  });

  it('TLS: protocol, issuer and days to expiry of a trusted certificate', async () => {
    const r = await probe(new URL(`https://localhost:${securePort}/`), 1, deps({ ca: cert, now: () => Date.now() }));
    expect(r.error).toBeUndefined();
    expect(r.tls).toMatchObject({ protocol: 'TLSv1.3', issuer: 'infra test CA', subject: 'infra test CA', authorized: true });
    expect(r.tls!.days_to_expiry).toBeGreaterThan(30_000);
    expect(r.first?.tls_ms).not.toBeNull();
    expect(r.warm[0]).toMatchObject({ reused: true, tls_ms: null, connect_ms: null });
  });

  it('TLS: an untrusted certificate fails the probe and is described', async () => {
    const r = await probe(new URL(`https://localhost:${securePort}/`), 1, deps());
    expect(r.error).toMatch(/^TLS: the certificate is not trusted \((Error: )?DEPTH_ZERO_SELF_SIGNED_CERT|self.signed/i);
    expect(r.tls).toMatchObject({ authorized: false, issuer: 'infra test CA' });
    expect(r.first).toBeNull();
  });

  it('the cold-start rule: at least 3x the warm median and 500 ms slower', () => {
    expect(coldStart(1600, [40, 50, 60]).likely).toBe(true);
    expect(coldStart(400, [40, 50, 60]).likely).toBe(false); // 8x, but only 350 ms slower
    expect(coldStart(2600, [1000, 1100, 1200]).likely).toBe(false); // 1.5 s slower, but not 3x
    expect(coldStart(100, []).likely).toBeNull();
    expect(median([3, 1, 2, 10])).toBe(2.5);
  });

  it('the path is appended to the URL, a path prefix kept', () => {
    expect(probeUrl('https://web.example.com', '/healthz').toString()).toBe('https://web.example.com/healthz');
    expect(probeUrl('http://127.0.0.1:9/containers/web-main', '/a?b=1').toString()).toBe('http://127.0.0.1:9/containers/web-main/a?b=1');
    expect(probeUrl('http://127.0.0.1:9/containers/web-main/', '/').toString()).toBe('http://127.0.0.1:9/containers/web-main/');
  });
});
