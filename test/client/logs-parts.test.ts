// Log pages are read part by part from the answer's bytes (src/client/diagnostics.ts): the
// parts must hold exactly the entries the full parse of the page gives (leniency included),
// errors must name the same field, and successive pages share one body buffer without one
// page's bytes showing up in another's entries.
import { getEventListeners } from 'node:events';
import fc from 'fast-check';
import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../../src/client/http.js';
import { DiagnosticsApi, LOG_PART, type LogsPage } from '../../src/client/diagnostics.js';
import { ResponseShapeError } from '../../src/client/errors.js';
import { fixture } from '../fixtures/index.js';

let agents: MockAgent[] = [];
afterEach(async () => {
  await Promise.all(agents.map((a) => a.close()));
  agents = [];
});

/** A logs API answering request n with bodies[n] (text as given, or bytes). */
function api(bodies: (string | Buffer)[], signal?: AbortSignal) {
  const agent = new MockAgent();
  agent.disableNetConnect();
  agents.push(agent);
  let n = 0;
  agent
    .get('http://api.test')
    .intercept({ path: () => true, method: 'GET' })
    .reply(() => ({ statusCode: 200, data: bodies[Math.min(n++, bodies.length - 1)]!, responseOptions: { headers: { 'content-type': 'application/json' } } }))
    .persist();
  const http = new HttpClient({ apiUrl: 'http://api.test', token: 't', dispatcher: agent, signal });
  return { diagnostics: new DiagnosticsApi(http), requests: () => n };
}

const entry = (i: number, extra: Record<string, unknown> = {}) => ({
  timestamp: new Date(Date.UTC(2026, 7, 19, 9, 0, 0, i)).toISOString(),
  message: `line ${i} with "quotes", commas, ] brackets } and é`,
  level: i % 2 ? 'info' : 'error',
  pod: `web-${i % 3}`,
  container: 'user-container',
  stream: 'stdout',
  ...extra,
});
const page = (entries: unknown[], next: string | null = null, pretty = false) =>
  JSON.stringify({ success: true, data: { available: true, entries }, error: null, meta: { next_cursor: next, truncated: false, retention_days: 10 } }, null, pretty ? 2 : undefined);

/**
 * The same JSON value spelled so that the part reader gives up on it (an escaped key): read by
 * the full parse of the whole answer, the reference the parts are compared with.
 */
const viaFullParse = (text: string) => {
  if (!text.includes('"data":')) throw new Error('no data member to respell');
  return text.replace('"data":', '"d\\u0061ta":');
};

async function collect(pages: AsyncIterable<LogsPage>) {
  const out: LogsPage[] = [];
  for await (const p of pages) out.push(p);
  return out;
}

const Q = { since: '2026-08-19T09:00:00Z' };

describe('logPages reads a page in parts', () => {
  it(`yields parts of at most ${LOG_PART} entries, in order, each with the page's meta`, async () => {
    const first = Array.from({ length: 2 * LOG_PART + 7 }, (_, i) => entry(i));
    const second = Array.from({ length: 3 }, (_, i) => entry(1000 + i));
    const { diagnostics, requests } = api([page(first, 'c2'), page(second)]);
    const parts = await collect(diagnostics.logPages('/serverless/x', Q));
    expect(parts.map((p) => p.entries.length)).toEqual([LOG_PART, LOG_PART, 7, 3]);
    expect(parts.flatMap((p) => p.entries)).toEqual([...first, ...second]);
    expect(parts.map((p) => p.meta.next_cursor)).toEqual(['c2', 'c2', 'c2', null]);
    expect(parts.every((p) => p.available)).toBe(true);
    expect(requests()).toBe(2);
  });

  it('a page without entries is one empty part', async () => {
    const { diagnostics } = api([page([])]);
    const parts = await collect(diagnostics.logPages('/serverless/x', Q));
    expect(parts).toEqual([{ available: true, entries: [], meta: { next_cursor: null, truncated: false, retention_days: 10 } }]);
  });

  it('the next page is asked for only when every part of this one was taken', async () => {
    const { diagnostics, requests } = api([
      page(
        Array.from({ length: 3 * LOG_PART }, (_, i) => entry(i)),
        'c2',
      ),
      page([entry(9999)]),
    ]);
    const it = diagnostics.logPages('/serverless/x', Q);
    await it.next();
    await it.next();
    await it.next();
    expect(requests()).toBe(1);
    await it.next();
    expect(requests()).toBe(2);
  });

  it('successive pages share one body buffer: entries already yielded keep their text', async () => {
    const long = Array.from({ length: LOG_PART + 1 }, (_, i) => entry(i, { message: 'A'.repeat(300) }));
    const short = [entry(5000, { message: 'B' })];
    const { diagnostics } = api([page(long, 'c2'), page(short)]);
    const parts = await collect(diagnostics.logPages('/serverless/x', Q));
    expect(parts.flatMap((p) => p.entries)).toEqual([...long, ...short]);
  });

  it('reads exactly what the full parse reads: the fixtures, pretty-printed, lenient fields', async () => {
    const bodies = ['serverless/logs', 'serverless/logs.last-page', 'serverless/logs.null-pod', 'serverless/logs.empty'].map((n) => fixture(n).body);
    for (const body of bodies) {
      for (const text of [JSON.stringify(body), JSON.stringify(body, null, 2)]) {
        const whole = await api([viaFullParse(text)]).diagnostics.logsPage('/serverless/x', Q);
        const parts = await collect(api([text.replace(/"next_cursor": ?"[^"]*"/, '"next_cursor":null')]).diagnostics.logPages('/serverless/x', Q));
        expect(parts.flatMap((p) => p.entries)).toEqual(whole.entries);
        // And what the entries were as sent, but for optional text fields of another type.
        expect(whole.entries).toEqual((body as { data: { entries: unknown[] } }).data.entries);
      }
    }
  });

  it('random odd entries read as the full parse reads them, or fail naming the same field', async () => {
    const odd = fc.oneof(fc.constant(null), fc.integer(), fc.string({ maxLength: 5 }), fc.constant({ a: 1 }), fc.constant([1]), fc.boolean());
    const key = fc.constantFrom('timestamp', 'message', 'level', 'pod', 'container', 'stream', 'extra');
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 3 * LOG_PART }), fc.array(fc.tuple(fc.nat(), key, fc.option(odd, { nil: undefined })), { maxLength: 4 }), async (count, changes) => {
        const entries: Record<string, unknown>[] = Array.from({ length: count }, (_, i) => entry(i));
        for (const [i, k, v] of changes) {
          if (!entries.length) break;
          const e = entries[i % entries.length]!;
          if (v === undefined) delete e[k];
          else e[k] = v;
        }
        const text = page(entries);
        const whole = await api([viaFullParse(text)])
          .diagnostics.logsPage('/serverless/x', Q)
          .catch((e: unknown) => e);
        const parts = await collect(api([text]).diagnostics.logPages('/serverless/x', Q)).catch((e: unknown) => e);
        if (whole instanceof Error) {
          expect(parts).toBeInstanceOf(ResponseShapeError);
          expect((parts as Error).message).toBe(whole.message);
          expect((parts as ResponseShapeError).field).toBe((whole as ResponseShapeError).field);
        } else {
          expect((parts as LogsPage[]).flatMap((p) => p.entries)).toEqual((whole as LogsPage).entries);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('an entry that does not read in a later part: the parts before it are out, then the error of the full parse', async () => {
    const entries: unknown[] = Array.from({ length: 2 * LOG_PART }, (_, i) => entry(i));
    entries[LOG_PART + 3] = { message: 'no timestamp' };
    const it = api([page(entries)]).diagnostics.logPages('/serverless/x', Q);
    expect((await it.next()).value?.entries).toHaveLength(LOG_PART);
    const err = await it.next().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseShapeError);
    expect((err as Error).message).toBe(`the response of GET /api/v1/serverless/x/logs has an unreadable field "data.entries[${LOG_PART + 3}]": a log entry needs a string timestamp and message`);
  });

  it('broken JSON inside an entry of a later part: "not JSON", as the full parse says', async () => {
    const good = page(Array.from({ length: 2 * LOG_PART }, (_, i) => entry(i)));
    const broken = good.replace(`"line ${LOG_PART + 5} with`, `"line ${LOG_PART + 5}" with`);
    const parts: unknown[] = [];
    const err = await (async () => {
      for await (const p of api([broken]).diagnostics.logPages('/serverless/x', Q)) parts.push(p);
    })().catch((e: unknown) => e);
    expect(parts).toHaveLength(1);
    expect((err as Error).message).toBe('the response of GET /api/v1/serverless/x/logs is not JSON (application/json)');
  });

  it('a body that is not valid UTF-8 is read as the full parse reads it', async () => {
    const text = page([entry(1, { message: '@@' })]);
    const bytes = Buffer.from(text);
    const at = bytes.indexOf('@@');
    bytes[at] = 0xc3;
    bytes[at + 1] = 0x28;
    const whole = await api([Buffer.from(viaFullParse(bytes.toString('latin1')), 'latin1')]).diagnostics.logsPage('/serverless/x', Q);
    const parts = await collect(api([bytes]).diagnostics.logPages('/serverless/x', Q));
    expect(parts.flatMap((p) => p.entries)).toEqual(whole.entries);
    expect(whole.entries[0]!.message).toBe('\ufffd(');
  });
});

describe('per-attempt deadlines', () => {
  it("leave no listener on the caller's signal, however many requests", async () => {
    const outer = new AbortController();
    const { diagnostics } = api([page([entry(1)])], outer.signal);
    for (let i = 0; i < 30; i++) await diagnostics.logsPage('/serverless/x', Q);
    expect(getEventListeners(outer.signal, 'abort')).toHaveLength(0);
  });

  it("the caller's signal still stops a request in flight", async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    agents.push(agent);
    agent
      .get('http://api.test')
      .intercept({ path: () => true, method: 'GET' })
      .reply(200, page([]))
      .delay(10_000);
    const outer = new AbortController();
    const http = new HttpClient({ apiUrl: 'http://api.test', token: 't', dispatcher: agent, signal: outer.signal });
    const reason = new Error('stop');
    setTimeout(() => outer.abort(reason), 20);
    await expect(http.get('/x')).rejects.toBe(reason);
    expect(getEventListeners(outer.signal, 'abort')).toHaveLength(0);
  });
});
