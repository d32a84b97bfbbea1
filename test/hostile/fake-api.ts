// A hostile API on 127.0.0.1 for the bounds tests: each test gives the answer for a request;
// the server records every request (method, path, query) so a test can assert how many the
// client made.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  method: string;
  path: string;
  query: Record<string, string>;
}

export type Answer = { status?: number; body: unknown; headers?: Record<string, string> } | { status?: number; text: string; headers?: Record<string, string> };

export interface FakeApi {
  readonly url: string;
  readonly requests: Seen[];
  /** What the next requests get (replaces the previous answerer). */
  answer(fn: (req: Seen) => Answer): void;
  close(): Promise<void>;
}

export async function startFakeApi(): Promise<FakeApi> {
  const requests: Seen[] = [];
  let answerer: (req: Seen) => Answer = () => ({ status: 404, body: { message: 'not found' } });
  const server: Server = createServer((req: IncomingMessage, res) => {
    const u = new URL(req.url ?? '/', 'http://fake');
    const seen: Seen = { method: req.method ?? 'GET', path: u.pathname, query: Object.fromEntries(u.searchParams) };
    requests.push(seen);
    req.resume();
    const a = answerer(seen);
    const text = 'text' in a ? a.text : JSON.stringify(a.body);
    res.writeHead(a.status ?? 200, { 'content-type': 'application/json', ...a.headers });
    res.end(text);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    answer(fn) {
      answerer = fn;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
