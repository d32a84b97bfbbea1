// HTTPS_PROXY / HTTP_PROXY / NO_PROXY: requests go through a real CONNECT proxy on loopback.
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SEED_IDS, useSimulator, type Simulator } from '../helpers/sim.js';
import { spawnCli } from '../helpers/cli.js';

let sim: Simulator;
let proxy: Server;
const tunnels: string[] = [];

useSimulator((s) => (sim = s));
beforeAll(async () => {
  proxy = createServer((_req, res) => res.writeHead(405).end());
  proxy.on('connect', (req, clientSocket, head) => {
    tunnels.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      clientSocket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(clientSocket).pipe(upstream);
    });
    upstream.on('error', () => clientSocket.destroy());
    clientSocket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
});
afterAll(() => {
  proxy.close();
});

const proxyUrl = () => `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
const simHost = () => new URL(sim.url).host;

it('HTTP_PROXY routes API requests through the proxy', async () => {
  tunnels.length = 0;
  const r = await spawnCli(['vps', 'list', '--json'], { env: { INFRA_API_URL: sim.url, INFRA_TOKEN: sim.tokens.admin, HTTP_PROXY: proxyUrl() } });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  expect(JSON.parse(r.stdout).map((v: { id: string }) => v.id)).toEqual([...SEED_IDS.vps]);
  expect(tunnels).toEqual([simHost()]);
  expect(sim.requests.map((q) => q.query)).toEqual([{ page: '1', per_page: '200' }]);
});

it('NO_PROXY exempts a host', async () => {
  tunnels.length = 0;
  const r = await spawnCli(['vps', 'list', '--json'], { env: { INFRA_API_URL: sim.url, INFRA_TOKEN: sim.tokens.admin, HTTP_PROXY: proxyUrl(), NO_PROXY: '127.0.0.1' } });
  expect(r.code).toBe(0);
  expect(tunnels).toEqual([]);
});

it('an unreachable proxy is a network failure (exit 7), not a crash', async () => {
  const r = await spawnCli(['vps', 'list'], { env: { INFRA_API_URL: sim.url, INFRA_TOKEN: sim.tokens.admin, HTTP_PROXY: 'http://127.0.0.1:9', INFRA_MAX_RETRIES: '0' } });
  expect(r.code).toBe(7);
  expect(r.stderr).toMatch(/^error: cannot reach .*connection refused/m);
  expect(r.stderr).not.toMatch(/TypeError/);
});
