// Fake API servers on 127.0.0.1 for the hostile tests: each records every request it gets
// (path and Authorization header) and answers GET <base>/api/v1/vps like the service: 200 for
// a token it knows, 401 otherwise. A CONNECT proxy on loopback records the host a request was
// meant for and tunnels it to one of these servers, so a name such as example.invalid is
// "reached" without any lookup leaving the machine.
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';

export interface Seen {
  method: string;
  path: string;
  authorization?: string;
}

export interface FakeApi {
  url: string;
  seen: Seen[];
  /** Tokens this server accepts. */
  tokens: Set<string>;
  close(): Promise<void>;
}

const LIST = { data: [], pagination: { current_page: 1, last_page: 1, per_page: 15, total: 0 } };

export async function fakeApi(tokens: string[] = []): Promise<FakeApi> {
  const seen: Seen[] = [];
  const known = new Set(tokens);
  const server = createServer((req: IncomingMessage, res) => {
    seen.push({ method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization });
    const token = /^Bearer (.*)$/.exec(req.headers.authorization ?? '')?.[1];
    res.setHeader('content-type', 'application/json');
    if (token === undefined || !known.has(token)) return void res.writeHead(401).end(JSON.stringify({ message: 'Unauthenticated.' }));
    if (/\/api\/v1\/vps(\?|$)/.test(req.url ?? '')) return void res.writeHead(200).end(JSON.stringify(LIST));
    res.writeHead(404).end(JSON.stringify({ message: 'Not found.' }));
  });
  await listen(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, tokens: known, close: () => close(server) };
}

export interface FakeProxy {
  url: string;
  /** `host:port` of every host asked for: by CONNECT (https) or by a forwarded request (plain http). */
  connects: string[];
  close(): Promise<void>;
}

/** A CONNECT proxy that sends every tunnel to `target` (a loopback URL), whatever host was asked for. */
export async function fakeProxy(target: string): Promise<FakeProxy> {
  const connects: string[] = [];
  const { port } = new URL(target);
  // A plain-http API is forwarded (absolute-form request), an https one tunnelled (CONNECT):
  // either way the host asked for is recorded and the answer comes from the target.
  const server = createServer((req, res) => {
    const asked = new URL(req.url ?? '/', 'http://invalid');
    connects.push(`${asked.hostname}:${asked.port || 80}`);
    const upstream = request({ host: '127.0.0.1', port: Number(port), method: req.method, path: asked.pathname + asked.search, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connect', (req, client, head) => {
    connects.push(req.url ?? '');
    const upstream = connect(Number(port), '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await listen(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, connects, close: () => close(server) };
}

function listen(server: Server): Promise<void> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
