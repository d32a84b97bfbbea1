// A raw node:http server in front of the simulator: requests that match the fault's target
// get the fault (a reset mid-body, no answer, a trickle, a burst of 5xx...), every other
// request is forwarded to the simulator untouched. What the wire carried is recorded, so
// tests can assert how often a state-changing request was sent.
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { exhaustive } from '../../src/shared/exhaustive.js';

export interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
}

/** What to do with the n-th (0-based) request that matched the target. */
export type FaultAction =
  | { kind: 'pass' }
  /** Forward, then replace the answer's content-type. */
  | { kind: 'retype'; contentType: string }
  | { kind: 'respond'; status: number; body: string; headers?: Record<string, string> }
  /** Headers and part of the body, then the socket is destroyed. */
  | { kind: 'reset-mid-body' }
  /** The connection is accepted and never answered. */
  | { kind: 'silence' }
  /** The forwarded answer, one small chunk every `everyMs`. */
  | { kind: 'trickle'; everyMs: number; chunk: number }
  /** A 200 whose body never ends: a chunk every `everyMs`, forever. */
  | { kind: 'endless-trickle'; everyMs: number }
  /** A 200 JSON body of `bytes` bytes, streamed. */
  | { kind: 'huge'; bytes: number };

export type FaultPlan = (n: number, req: Seen) => FaultAction;

export interface FaultProxy {
  url: string;
  seen: Seen[];
  /** Requests that matched the target. */
  hits: Seen[];
  set(target: RegExp | ((s: Seen) => boolean), plan: FaultPlan): void;
  clear(): void;
  close(): Promise<void>;
}

export async function startFaultProxy(upstream: string): Promise<FaultProxy> {
  const seen: Seen[] = [];
  const hits: Seen[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<ReturnType<typeof setInterval>>();
  let match: (s: Seen) => boolean = () => false;
  let plan: FaultPlan = () => ({ kind: 'pass' });

  const server = createServer((req, res) => {
    const s: Seen = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers };
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url?.startsWith('/api/')) seen.push(s);
      const body = Buffer.concat(chunks);
      if (!match(s)) return forward(req, body, res, (r) => pipeThrough(r, res));
      const action = plan(hits.length, s);
      hits.push(s);
      act(action, req, body, res);
    });
  });
  server.on('connection', (sock) => {
    sockets.add(sock);
    sock.on('close', () => sockets.delete(sock));
  });

  function act(action: FaultAction, req: IncomingMessage, body: Buffer, res: ServerResponse) {
    switch (action.kind) {
      case 'pass':
        return forward(req, body, res, (r) => pipeThrough(r, res));
      case 'retype':
        return forward(req, body, res, (r) =>
          readAll(r).then((b) => {
            res.writeHead(r.statusCode ?? 502, { ...strip(r.headers), 'content-type': action.contentType, 'content-length': String(b.length) });
            res.end(b);
          }),
        );
      case 'respond':
        res.writeHead(action.status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(action.body)), ...action.headers });
        return void res.end(action.body);
      case 'reset-mid-body':
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' });
        res.write('{"data": [{"id": 1, "name": "half');
        return void setTimeout(() => res.socket?.destroy(), 5);
      case 'silence':
        return;
      case 'trickle':
        return forward(req, body, res, (r) =>
          readAll(r).then((b) => {
            res.writeHead(r.statusCode ?? 502, { ...strip(r.headers), 'content-length': String(b.length) });
            let at = 0;
            const t = setInterval(() => {
              res.write(b.subarray(at, at + action.chunk));
              at += action.chunk;
              if (at >= b.length) {
                clearInterval(t);
                timers.delete(t);
                res.end();
              }
            }, action.everyMs);
            timers.add(t);
          }),
        );
      case 'endless-trickle': {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"data": [');
        const t = setInterval(() => res.write(' '), action.everyMs);
        timers.add(t);
        res.on('close', () => {
          clearInterval(t);
          timers.delete(t);
        });
        return;
      }
      case 'huge': {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(action.bytes) });
        const block = Buffer.alloc(1 << 20, 0x20);
        let left = action.bytes;
        const pump = () => {
          while (left > 0) {
            const n = Math.min(left, block.length);
            left -= n;
            if (!res.write(n === block.length ? block : block.subarray(0, n))) return void res.once('drain', pump);
          }
          res.end();
        };
        res.on('error', () => undefined);
        return pump();
      }
      default:
        return exhaustive(action);
    }
  }

  function forward(req: IncomingMessage, body: Buffer, res: ServerResponse, onAnswer: (r: IncomingMessage) => unknown) {
    const up = httpRequest(upstream + (req.url ?? '/'), { method: req.method, headers: { ...req.headers, host: new URL(upstream).host } }, (r) => void onAnswer(r));
    up.on('error', () => res.destroy());
    up.end(body);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    seen,
    hits,
    set(target, p) {
      match = target instanceof RegExp ? (s) => target.test(`${s.method} ${s.path}`) : target;
      plan = p;
    },
    clear() {
      match = () => false;
      seen.length = 0;
      hits.length = 0;
      for (const t of timers) clearInterval(t);
      timers.clear();
      for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearInterval(t);
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function pipeThrough(r: IncomingMessage, res: ServerResponse) {
  res.writeHead(r.statusCode ?? 502, r.headers);
  r.pipe(res);
}

function strip(h: IncomingMessage['headers']): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined && k !== 'content-length' && k !== 'transfer-encoding') out[k] = v;
  return out;
}

function readAll(r: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const c: Buffer[] = [];
    r.on('data', (b: Buffer) => c.push(b));
    r.on('end', () => resolve(Buffer.concat(c)));
    r.on('error', reject);
  });
}

/** A port with nothing listening: connection refused. */
export async function closedPortUrl(): Promise<string> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return `http://127.0.0.1:${port}`;
}
