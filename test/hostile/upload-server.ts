// A loopback API that reads uploads slowly, on a schedule: `bytesPerSecond` in slices (the
// request stream paused between them), or nothing more once `stallAfter` bytes were read.
// It answers the container read a deploy makes first, and records every request it got with
// the bytes it read of each body. Real time on purpose: what is tested is the client's
// behaviour against a slow peer over a real socket.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SlowServerOptions {
  /** Reading speed of an upload's body. */
  bytesPerSecond: number;
  /** Stop reading (for good) once this many bytes of the body were read. */
  stallAfter?: number;
}

export interface Received {
  method: string;
  url: string;
  /** Bytes of the body read. */
  bytes: number;
  /** The whole body was read. */
  complete: boolean;
}

export const CONTAINER_ID = '0b6f3c1e-5a2d-4c7e-9f10-2b3c4d5e6f70';

export interface SlowServer {
  url: string;
  received: Received[];
  /** Resolves once an upload's body started arriving. */
  uploadStarted: Promise<void>;
  close(): Promise<void>;
}

const SLICE_MS = 50;

function container() {
  return { id: CONTAINER_ID, name: 'web', slug: 'web', status: 'running', spec_generation: 1, observed_generation: 1, image: 'x', image_tag: '1' };
}

export async function slowServer(opts: SlowServerOptions): Promise<SlowServer> {
  const received: Received[] = [];
  let started!: () => void;
  const uploadStarted = new Promise<void>((r) => (started = r));
  const timers = new Set<NodeJS.Timeout>();
  const later = (fn: () => void, ms: number) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const rec: Received = { method: req.method ?? '', url: req.url ?? '', bytes: 0, complete: false };
    received.push(rec);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && req.url === `/api/v1/serverless/${CONTAINER_ID}`) return send(200, { container: container(), metrics: [], url: 'https://web.example', monthly_cost: 0 });
    if (req.method === 'GET' && req.url === `/api/v1/serverless/${CONTAINER_ID}/builds/latest`) return send(200, { data: null });
    if (req.method !== 'POST' || !req.url?.endsWith('/deploy')) return send(404, { message: 'not here' });
    const slice = Math.max(1, Math.round((opts.bytesPerSecond * SLICE_MS) / 1000));
    let budget = slice;
    // Paced reading: a slice's worth of bytes, then a pause until the next slice.
    req.on('data', (chunk: Buffer) => {
      if (rec.bytes === 0) started();
      rec.bytes += chunk.length;
      budget -= chunk.length;
      if (opts.stallAfter !== undefined && rec.bytes >= opts.stallAfter) return void req.pause();
      if (budget <= 0) {
        req.pause();
        const wait = Math.ceil(((slice - budget) / opts.bytesPerSecond) * 1000);
        budget = slice;
        later(() => req.resume(), wait);
      }
    });
    req.on('end', () => {
      rec.complete = true;
      send(202, { message: 'Deployment initiated.', container_id: CONTAINER_ID, status: 'building' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    uploadStarted,
    close: async () => {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
