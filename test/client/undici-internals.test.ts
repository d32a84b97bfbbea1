// src/client/undici.ts imports two of undici's own modules instead of its index (start-up:
// scripts/bench-undici.mjs). This fails loudly when an undici upgrade moves or changes them:
// they must be the very objects undici's public API exports, and requests must work through
// them (direct, and through the proxy agent that comes from the index).
import { createRequire } from 'node:module';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as undici from 'undici';
import { createAgent, send, UNDICI_INTERNALS } from '../../src/client/undici.js';
import { HttpClient } from '../../src/client/http.js';

const require = createRequire(import.meta.url);
const REVIEW = "undici changed the internal module src/client/undici.ts imports: review that file (or switch it to undici's index and drop the start-up saving)";

describe('undici internals used by the client', () => {
  it(`${UNDICI_INTERNALS.Agent} is undici's public Agent`, () => {
    let mod: unknown;
    expect(() => (mod = require(UNDICI_INTERNALS.Agent)), REVIEW).not.toThrow();
    expect(mod, REVIEW).toBe(undici.Agent);
  });

  it(`${UNDICI_INTERNALS.request} is what the index installs as Dispatcher.prototype.request`, () => {
    let mod: unknown;
    expect(() => (mod = require(UNDICI_INTERNALS.request)), REVIEW).not.toThrow();
    expect(mod, REVIEW).toBe(undici.Dispatcher.prototype.request);
  });

  it('the installed undici is the major version these paths were checked against', () => {
    const { version } = require('undici/package.json') as { version: string };
    expect(version.split('.')[0], REVIEW).toBe('7');
  });
});

describe('requests through them', () => {
  let server: Server;
  let proxy: Server;
  const tunnels: string[] = [];
  const seen: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    // A CONNECT proxy, as in test/e2e/proxy.test.ts.
    proxy = createServer((_req, res) => res.writeHead(405).end());
    proxy.on('connect', (req, client, head) => {
      tunnels.push(req.url ?? '');
      const [host, port] = (req.url ?? '').split(':');
      const upstream = connect(Number(port), host, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(client).pipe(upstream);
      });
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  });
  afterAll(() => {
    server.close();
    proxy.close();
  });

  const base = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const proxyUrl = () => `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

  it('the internal Agent and request() make a request', async () => {
    seen.length = 0;
    const agent = await createAgent({ keepAliveTimeout: 1000 }, {});
    expect(agent).toBeInstanceOf(undici.Agent);
    const res = await send(agent, new URL(`${base()}/api/v1/vps?page=2`), { method: 'GET', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(200);
    expect(await res.body.json()).toEqual({ ok: true });
    expect(seen).toEqual(['GET /api/v1/vps?page=2']);
    await agent.close();
  });

  it('request() works on any Dispatcher, such as a MockAgent', async () => {
    const mock = new undici.MockAgent();
    mock.disableNetConnect();
    mock.get('http://api.test').intercept({ path: '/x', method: 'GET' }).reply(200, { mocked: true });
    const res = await send(mock, new URL('http://api.test/x'), { method: 'GET' });
    expect(await res.body.json()).toEqual({ mocked: true });
    await mock.close();
  });

  it('the proxy agent comes from the environment given, not process.env', async () => {
    tunnels.length = 0;
    const saved = process.env.HTTP_PROXY;
    process.env.HTTP_PROXY = 'http://127.0.0.1:9';
    try {
      const viaProxy = await createAgent({}, { HTTP_PROXY: proxyUrl() });
      expect(viaProxy).toBeInstanceOf(undici.EnvHttpProxyAgent);
      const res = await send(viaProxy, new URL(`${base()}/p`), { method: 'GET' });
      expect(res.statusCode).toBe(200);
      await res.body.dump();
      await viaProxy.close();
      expect(tunnels).toEqual([new URL(base()).host]);

      // process.env names an unreachable proxy; the given environment has none: direct.
      const direct = await createAgent({}, {});
      const res2 = await send(direct, new URL(`${base()}/d`), { method: 'GET' });
      expect(res2.statusCode).toBe(200);
      await res2.body.dump();
      await direct.close();

      // NO_PROXY from the given environment too.
      tunnels.length = 0;
      const exempt = await createAgent({}, { HTTP_PROXY: proxyUrl(), NO_PROXY: '127.0.0.1' });
      const res3 = await send(exempt, new URL(`${base()}/e`), { method: 'GET' });
      await res3.body.dump();
      await exempt.close();
      expect(tunnels).toEqual([]);

      // HttpClient's `env` option is what it reads.
      tunnels.length = 0;
      const client = new HttpClient({ apiUrl: base(), token: 't', env: { HTTP_PROXY: proxyUrl() } });
      expect((await client.get('/vps')).raw).toEqual({ ok: true });
      await client.close();
      expect(tunnels).toEqual([new URL(base()).host]);
    } finally {
      if (saved === undefined) delete process.env.HTTP_PROXY;
      else process.env.HTTP_PROXY = saved;
    }
  });
});
