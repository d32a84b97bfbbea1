// HTTPS_PROXY / HTTP_PROXY / NO_PROXY with the simulator behind a real forwarding proxy on
// loopback. Loopback itself never goes through a proxy (src/client/proxy.ts), so the API is
// named by a host that is not loopback: the proxy, not a name lookup, takes it to the
// simulator. Which hosts NO_PROXY exempts is tested without a process in
// test/hostile/proxy.test.ts (an exempt name would be looked up for real here).
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SEED_IDS, useSimulator, type Simulator } from '../helpers/sim.js';
import { spawnCli } from '../helpers/cli.js';

let sim: Simulator;
let proxy: Server;
const forwarded: string[] = [];

useSimulator((s) => (sim = s));
beforeAll(async () => {
  proxy = createServer((req, res) => {
    forwarded.push(`${req.method} ${req.url}`);
    const target = new URL(req.url ?? '/');
    const port = Number(new URL(sim.url).port);
    const up = httpRequest({ host: '127.0.0.1', port, method: req.method, path: target.pathname + target.search, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    up.on('error', () => res.writeHead(502).end());
    req.pipe(up);
  });
  proxy.on('connect', (req, socket) => {
    forwarded.push(`CONNECT ${req.url}`);
    socket.end('HTTP/1.1 405 Method Not Allowed\r\n\r\n');
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
});
afterAll(() => {
  proxy.closeAllConnections();
  proxy.close();
});

const proxyUrl = () => `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
/** The simulator by a name only the proxy resolves. */
const remoteSim = () => `http://sim.proxied.test:${new URL(sim.url).port}`;

it('HTTP_PROXY forwards plain-http API requests through the proxy (absolute form, no CONNECT)', async () => {
  forwarded.length = 0;
  const r = await spawnCli(['vps', 'list', '--json'], { env: { INFRA_API_URL: remoteSim(), INFRA_ALLOW_HTTP: '1', INFRA_TOKEN: sim.tokens.admin, HTTP_PROXY: proxyUrl() } });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  expect(JSON.parse(r.stdout).map((v: { id: string }) => v.id)).toEqual([...SEED_IDS.vps]);
  expect(forwarded).toEqual([`GET ${remoteSim()}/api/v1/vps?page=1&per_page=200`]);
  expect(sim.requests.map((q) => q.query)).toEqual([{ page: '1', per_page: '200' }]);
});

it('the simulator on loopback is reached directly even with HTTP_PROXY set', async () => {
  forwarded.length = 0;
  const r = await spawnCli(['vps', 'list', '--json'], { env: { INFRA_API_URL: sim.url, INFRA_TOKEN: sim.tokens.admin, HTTP_PROXY: proxyUrl(), HTTPS_PROXY: proxyUrl() } });
  expect(r.code).toBe(0);
  expect(forwarded).toEqual([]);
  expect(sim.requests.length).toBe(1);
});

it('an unreachable proxy is a network failure (exit 7) that names the proxy, not a crash', async () => {
  const r = await spawnCli(['vps', 'list'], { env: { INFRA_API_URL: 'https://sim.proxied.test', INFRA_TOKEN: sim.tokens.admin, HTTPS_PROXY: 'http://127.0.0.1:9', INFRA_MAX_RETRIES: '0' } });
  expect(r.code).toBe(7);
  expect(r.stderr).toMatch(/^error: cannot reach the proxy 127\.0\.0\.1:9 \(connection refused: ECONNREFUSED\)/m);
  expect(r.stderr).not.toMatch(/TypeError|sim\.proxied\.test/);
});
