// src/client/undici.ts imports two of undici's own modules instead of its index (start-up:
// scripts/bench-undici.mjs). This fails loudly when an undici upgrade moves or changes them:
// they must be the very objects undici's public API exports, and requests must work through
// them (direct, and through the proxy agent that comes from the index).
import { createRequire } from 'node:module';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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
    // A forwarding proxy, as in test/e2e/proxy.test.ts: a plain-http request comes in absolute
    // form and goes on to the server, whatever host it names (no name is looked up).
    proxy = createServer((req, res) => {
      tunnels.push(`${req.method} ${req.url}`);
      const target = new URL(req.url ?? '/');
      const port = (server.address() as AddressInfo).port;
      const up = httpRequest({ host: '127.0.0.1', port, method: req.method, path: target.pathname + target.search, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      up.on('error', () => res.writeHead(502).end());
      req.pipe(up);
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
    // A name that is not loopback (loopback never goes through a proxy): only the proxy sees it.
    const remote = () => `http://api.internals.test:${(server.address() as AddressInfo).port}`;
    try {
      const viaProxy = await createAgent({}, { HTTP_PROXY: proxyUrl() });
      expect(viaProxy).toBeInstanceOf(undici.Dispatcher);
      const res = await send(viaProxy, new URL(`${remote()}/p`), { method: 'GET' });
      expect(res.statusCode).toBe(200);
      await res.body.dump();
      await viaProxy.close();
      expect(tunnels).toEqual([`GET ${remote()}/p`]);

      // process.env names an unreachable proxy; the given environment has none: the plain Agent.
      const direct = await createAgent({}, {});
      expect(direct).toBeInstanceOf(undici.Agent);
      const res2 = await send(direct, new URL(`${base()}/d`), { method: 'GET' });
      expect(res2.statusCode).toBe(200);
      await res2.body.dump();
      await direct.close();

      // HttpClient's `env` option is what it reads.
      tunnels.length = 0;
      const client = new HttpClient({ apiUrl: remote(), token: 't', env: { HTTP_PROXY: proxyUrl() } });
      expect((await client.get('/vps')).raw).toEqual({ ok: true });
      await client.close();
      expect(tunnels).toEqual([`GET ${remote()}/api/v1/vps`]);
    } finally {
      if (saved === undefined) delete process.env.HTTP_PROXY;
      else process.env.HTTP_PROXY = saved;
    }
  });
});
