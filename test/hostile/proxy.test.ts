// Proxies done right: loopback never goes through one (whatever NO_PROXY says), a failure at
// the proxy names the proxy (host:port, never its credentials) and not the API host, and a
// plain-http API is forwarded to the proxy in absolute form, not tunnelled with CONNECT.
// A recording proxy and a fake API, both on 127.0.0.1; any host the proxy is asked for is
// the fake API (no name is ever looked up). Process tests need `npm run build`.
import { createServer, request as httpRequest, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopback, proxyFor } from '../../src/client/proxy.js';
import { createAgent, send } from '../../src/client/undici.js';
import { spawnCli } from '../helpers/cli.js';
import { type FakeApi, startFakeApi } from './fake-api.js';

let api: FakeApi;
let proxy: Server;
/** What the proxy was asked: `CONNECT host:port` or `GET http://...` (absolute form). */
const asked: string[] = [];
/** How the proxy answers a CONNECT: a tunnel to the fake API, or a refusal with this status. */
let connectAnswer: 'tunnel' | 407 | 502 = 'tunnel';

beforeAll(async () => {
  api = await startFakeApi();
  const apiPort = Number(new URL(api.url).port);
  proxy = createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`);
    const target = new URL(req.url ?? '/');
    const upstream = httpRequest({ host: '127.0.0.1', port: apiPort, method: req.method, path: target.pathname + target.search, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  proxy.on('connect', (req, socket, head) => {
    asked.push(`CONNECT ${req.url}`);
    if (connectAnswer !== 'tunnel') {
      socket.end(`HTTP/1.1 ${connectAnswer} ${connectAnswer === 407 ? 'Proxy Authentication Required' : 'Bad Gateway'}\r\n\r\n`);
      return;
    }
    const upstream = connect(apiPort, '127.0.0.1', () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
});
afterAll(async () => {
  proxy.closeAllConnections();
  proxy.close();
  await api.close();
});

const proxyUrl = () => `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
const proxyHost = () => `127.0.0.1:${(proxy.address() as AddressInfo).port}`;
const vpsList = () => ({ body: { data: [{ id: 'v1' }], pagination: { current_page: 1, last_page: 1 } } });

describe('loopback is never proxied', () => {
  it('a loopback API with HTTPS_PROXY and HTTP_PROXY set (and a NO_PROXY that does not name it) is reached directly', async () => {
    asked.length = 0;
    api.answer(vpsList);
    const r = await spawnCli(['api', '/vps'], { env: { INFRA_API_URL: api.url, INFRA_TOKEN: 't', HTTPS_PROXY: proxyUrl(), HTTP_PROXY: proxyUrl(), NO_PROXY: 'example.com' } });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(vpsList().body);
    expect(api.requests.map((q) => q.path)).toEqual(['/api/v1/vps']);
    expect(asked).toEqual([]);
  });

  it('which hosts are loopback, and which requests go through the proxy', () => {
    for (const host of ['localhost', 'api.localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::1', '[::ffff:7f00:1]']) expect(isLoopback(host), host).toBe(true);
    for (const host of ['128.0.0.1', 'localhost.example.com', '10.0.0.1', '[::2]', 'api.danubedata.ro']) expect(isLoopback(host), host).toBe(false);
    const env = { HTTPS_PROXY: 'http://proxy.corp:3128', HTTP_PROXY: 'http://proxy.corp:8080', NO_PROXY: 'internal.corp,.svc:8443' };
    expect(proxyFor(new URL('https://api.danubedata.ro/api/v1'), env)).toBe('http://proxy.corp:3128');
    expect(proxyFor(new URL('http://api.danubedata.ro/api/v1'), env)).toBe('http://proxy.corp:8080');
    expect(proxyFor(new URL('https://127.0.0.5:9/x'), env)).toBeUndefined();
    expect(proxyFor(new URL('http://localhost:4010/x'), { HTTP_PROXY: 'http://proxy.corp:8080' })).toBeUndefined();
    expect(proxyFor(new URL('https://git.internal.corp/x'), env)).toBeUndefined();
    expect(proxyFor(new URL('https://a.svc:8443/x'), env)).toBeUndefined();
    expect(proxyFor(new URL('https://a.svc/x'), env)).toBe('http://proxy.corp:3128');
    expect(proxyFor(new URL('https://api.danubedata.ro/x'), { ...env, no_proxy: '*' })).toBeUndefined();
  });
});

describe('a failure at the proxy names the proxy, not the API host', () => {
  const run = (proxyValue: string) => spawnCli(['vps', 'list'], { env: { INFRA_API_URL: 'https://api.bounds.test', INFRA_TOKEN: 't', HTTPS_PROXY: proxyValue, INFRA_MAX_RETRIES: '0' } });

  it('a dead proxy (connection refused): exit 7, its host:port named, its password never shown', async () => {
    const r = await run('http://alice:s3cret-pw@127.0.0.1:9');
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/^error: cannot reach the proxy 127\.0\.0\.1:9 \(connection refused: ECONNREFUSED\) on GET \/api\/v1\/vps\nhint: check HTTPS_PROXY \/ HTTP_PROXY/);
    expect(r.stderr).not.toMatch(/api\.bounds\.test|s3cret|alice/);
  });

  it('407 on CONNECT: the proxy asks for credentials', async () => {
    connectAnswer = 407;
    asked.length = 0;
    try {
      const r = await run(proxyUrl());
      expect(r.code).toBe(7);
      expect(r.stderr).toMatch(new RegExp(`^error: the proxy ${proxyHost().replace(/\./g, '\\.')} asks for credentials \\(407 Proxy Authentication Required\\)`));
      expect(r.stderr).not.toMatch(/api\.bounds\.test/);
      expect(asked).toEqual(['CONNECT api.bounds.test:443']);
    } finally {
      connectAnswer = 'tunnel';
    }
  });

  it('502 on CONNECT: the proxy would not open the connection', async () => {
    connectAnswer = 502;
    try {
      const r = await run(proxyUrl());
      expect(r.code).toBe(7);
      expect(r.stderr).toMatch(new RegExp(`^error: the proxy ${proxyHost().replace(/\./g, '\\.')} would not open a connection to the API \\(it answered 502\\) on GET /api/v1/vps`));
      expect(r.stderr).not.toMatch(/api\.bounds\.test/);
    } finally {
      connectAnswer = 'tunnel';
    }
  });
});

describe('a plain-http API through a proxy', () => {
  it('is forwarded in absolute form (no CONNECT), and its answer comes back', async () => {
    asked.length = 0;
    api.answer(vpsList);
    const agent = await createAgent({}, { HTTP_PROXY: proxyUrl() });
    const target = `http://api.bounds.test:${new URL(api.url).port}/api/v1/vps?page=1`;
    const res = await send(agent, new URL(target), { method: 'GET', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(200);
    expect(await res.body.json()).toEqual(vpsList().body);
    await agent.close();
    expect(asked).toEqual([`GET ${target}`]);
    expect(api.requests.map((q) => `${q.path}?page=${q.query.page}`)).toEqual(['/api/v1/vps?page=1']);
  });
});
