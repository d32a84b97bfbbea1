// node:http adapter around the msw handlers: each IncomingMessage becomes a Fetch Request
// answered by msw's getResponse; rate limiting, latency and recording wrap /api requests.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse, type RequestHandler } from 'msw';
import { registerModules } from './families/index.js';
import { buildHandlers } from './handlers/index.js';
import type { RecordedRequest } from './handlers/control.js';
import { SIM_TOKENS } from './state/auth.js';
import { World } from './state/world.js';

export type { RecordedRequest } from './handlers/control.js';

export interface SimulatorOptions {
  port?: number;
  host?: string;
  speed?: number;
  now?: Date;
  /** false: answer as a server that predates spec_generation / observed_generation (default true). */
  generations?: boolean;
}

export interface Simulator {
  url: string;
  tokens: { admin: string; default: string; no_diagnostics: string; other_project?: string };
  world: World;
  requests: RecordedRequest[];
  /** Prepends per-test handlers (like msw's server.use). */
  use(...handlers: RequestHandler[]): void;
  resetHandlers(): void;
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The control API has no token, so it answers only callers on this machine. */
export function isLoopback(address: string | undefined): boolean {
  return address !== undefined && (LOOPBACK.has(address) || /^(::ffff:)?127\./.test(address));
}

export async function startSimulator(opts: SimulatorOptions = {}): Promise<Simulator> {
  const world = new World({ speed: opts.speed ?? 1, generations: opts.generations ?? true, ...(opts.now ? { start: opts.now } : {}) });
  registerModules(world);
  const requests: RecordedRequest[] = [];
  const base = buildHandlers(world, requests);
  let overrides: RequestHandler[] = [];
  const host = opts.host ?? '127.0.0.1';
  let origin = '';

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, { 'content-type': 'application/json' }, JSON.stringify({ message: `Simulator error: ${String(err)}` }));
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', origin);
    const isApi = url.pathname.startsWith('/api/');
    if (url.pathname.startsWith('/_sim/') && !isLoopback(req.socket.remoteAddress)) {
      return send(res, 403, { 'content-type': 'application/json' }, JSON.stringify({ message: 'The control API answers loopback callers only.' }));
    }
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) {
      if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
      else if (v !== undefined) headers.set(k, v);
    }
    const method = req.method ?? 'GET';
    const request = new Request(url, { method, headers, ...(body.length && method !== 'GET' && method !== 'HEAD' ? { body: new Uint8Array(body) } : {}) });
    const extra: Record<string, string> = {};
    if (isApi) {
      requests.push(record(method, url, req, body));
      if (world.faults.latency_ms > 0) await new Promise((r) => setTimeout(r, world.faults.latency_ms));
      const key = /^Bearer\s+(\S+)/i.exec(headers.get('authorization') ?? '')?.[1] ?? `anon:${req.socket.remoteAddress ?? ''}`;
      const rate = world.rate.take(key, world.now());
      extra['x-ratelimit-limit'] = String(rate.limit);
      extra['x-ratelimit-remaining'] = String(rate.remaining);
      extra['x-ratelimit-reset'] = String(rate.reset);
      // The simulator's own clock (it may run faster than real time): clients measure ages against it.
      extra.date = world.clock.now().toUTCString();
      if (!rate.allowed) {
        extra['retry-after'] = String(rate.retryAfter);
        return send(res, 429, { ...extra, 'content-type': 'application/json' }, JSON.stringify({ message: 'Too Many Attempts.' }));
      }
    }
    const response = await getResponse([...overrides, ...base], request);
    if (!response) {
      return send(res, 404, { ...extra, 'content-type': 'application/json' }, JSON.stringify({ message: `The route ${url.pathname.replace(/^\//, '')} could not be found.` }));
    }
    const out: Record<string, string> = {};
    response.headers.forEach((v, k) => (out[k] = v));
    send(res, response.status, { ...out, ...extra }, Buffer.from(await response.arrayBuffer()));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const addr = server.address() as AddressInfo;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  origin = `http://${urlHost}:${addr.port}`;

  return {
    url: origin,
    tokens: { ...SIM_TOKENS },
    world,
    requests,
    use: (...handlers) => {
      overrides = [...handlers, ...overrides];
    },
    resetHandlers: () => {
      overrides = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export function send(res: ServerResponse, status: number, headers: Record<string, string>, body: string | Buffer): void {
  res.writeHead(status, { ...headers, 'content-length': String(Buffer.byteLength(body)) });
  res.end(body);
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export function record(method: string, url: URL, req: IncomingMessage, body: Buffer): RecordedRequest {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
  const text = body.toString('utf8');
  let parsed: unknown = null;
  if (text !== '') {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  return { method, path: url.pathname, query: Object.fromEntries(url.searchParams), headers, body: parsed };
}
