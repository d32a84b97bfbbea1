// A hostile API for the terminal tests: an HTTP server on 127.0.0.1 in front of the simulator
// that adds terminal attacks to the string fields of every JSON answer (names, messages,
// reasons, log lines, events, findings, errors). Ids, times and the words the client parses
// as states stay as they were, so that commands get as far as printing.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Everything a terminal could act on: a title change, a screen clear, an OSC 8 link, a CR, a bidi override, a C1 CSI, BEL, DEL. */
export const ATTACK = '\u001b]0;PWNED\u0007\u001b[2J\u001b]8;;https://evil.example/\u001b\\click\u001b]8;;\u001b\\\rFAKE\u202eevil\u2066x\u2069\u009b31m\u007f';

/** What the attack looks like once made safe (src/output/terminal-text.ts). */
export const ATTACK_SHOWN = '^[]0;PWNED^G^[[2J^[]8;;https://evil.example/^[\\click^[]8;;^[\\\u240dFAKE\\u{202e}evil\\u{2066}x\\u{2069}\\u{9b}31m^?';

/** Bytes none of which may reach a terminal from the server: ESC, BEL, CR, DEL, C1, bidi controls. */
export const FORBIDDEN = /[\u0007\u001b\r\u007f\u0080-\u009f\u202a-\u202e\u2066-\u2069]/;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIME = /^\d{4}-\d\d-\d\dT/;
/** Fields the client reads as a fixed vocabulary or an address: kept while they are one word (a state), attacked when they are prose (a finding's summary). */
const KEPT = new Set([
  'id',
  'status',
  'state',
  'summary',
  'health',
  'kind',
  'level',
  'stream',
  'severity',
  'phase',
  'type',
  'url',
  'next_cursor',
  'cursor',
  'code',
  'datacenter',
  'outcome',
  'reason_code',
  'category',
]);

/** `value` with the attack after every free-text string. */
export function poison(value: unknown, key = ''): unknown {
  if (typeof value === 'string') {
    const word = /^[\w.:/-]*$/.test(value);
    return (KEPT.has(key) && word) || key.endsWith('_id') || key.endsWith('_at') || UUID.test(value) || TIME.test(value) || value === '' ? value : value + ATTACK;
  }
  if (Array.isArray(value)) return value.map((v) => poison(v, key));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poison(v, k)]));
  return value;
}

export interface HostileApi {
  url: string;
  /** Answers of one's own for a path (before the simulator is asked); cleared by reset(). */
  answer(path: RegExp, status: number, body: unknown): void;
  reset(): void;
  close(): Promise<void>;
}

/** A hostile API in front of `upstream` (the simulator's URL). */
export async function startHostileApi(upstream: string): Promise<HostileApi> {
  let fixed: { path: RegExp; status: number; body: unknown }[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const own = fixed.find((f) => f.path.test(req.url ?? ''));
    if (own) {
      res.writeHead(own.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(own.body));
      return;
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && !['host', 'connection', 'content-length', 'accept-encoding'].includes(k)) headers[k] = v;
    const body = chunks.length ? Buffer.concat(chunks) : undefined;
    const answer = await fetch(upstream + (req.url ?? ''), { method: req.method, headers, body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body });
    const text = await answer.text();
    const type = answer.headers.get('content-type') ?? '';
    const out = type.includes('json') && text ? JSON.stringify(poison(JSON.parse(text))) : text;
    const keep: Record<string, string> = {};
    answer.headers.forEach((v, k) => {
      if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(k)) keep[k] = v;
    });
    res.writeHead(answer.status, keep);
    res.end(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answer: (path, status, body) => void fixed.push({ path, status, body }),
    reset: () => {
      fixed = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
