// renderList through the real client path (HttpClient + paginate over an undici MockAgent):
// the fast paths (items' bytes as sent for --json, pieces of output, waiting for a slow
// reader) must print what the plain implementation printed: `--json` the items as sent, one
// per line; TSV with a header line, cells on one line; both page by page.
import { EventEmitter } from 'node:events';
import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../../src/client/http.js';
import { paginate } from '../../src/client/paginate.js';
import { Vps } from '../../src/client/schemas.js';
import { renderList, WRITE_CHUNK, type ListTarget } from '../../src/output/list.js';
import { tableWriter, type Column } from '../../src/output/table.js';
import { plainStyle } from '../../src/output/color.js';
import type { OutStream } from '../../src/output/stream.js';

type Item = Record<string, unknown> & { id: string };

let agents: MockAgent[] = [];
afterEach(async () => {
  await Promise.all(agents.map((a) => a.close()));
  agents = [];
});

/** A client whose every list page is `pages[n-1]` (text as given), and a log of what was asked. */
function api(pages: string[], onRequest?: (page: number) => void) {
  const agent = new MockAgent();
  agent.disableNetConnect();
  agents.push(agent);
  const asked: number[] = [];
  agent
    .get('http://api.test')
    .intercept({ path: () => true, method: 'GET' })
    .reply((req) => {
      const page = Number(new URL(req.path, 'http://x').searchParams.get('page'));
      asked.push(page);
      onRequest?.(page);
      return { statusCode: 200, data: pages[page - 1] ?? '{"data":[]}', responseOptions: { headers: { 'content-type': 'application/json' } } };
    })
    .persist();
  return { http: new HttpClient({ apiUrl: 'http://api.test', token: 't', dispatcher: agent }), asked };
}

const body = (items: unknown[], page: number, last: number, pretty = false) =>
  JSON.stringify({ data: items, pagination: { current_page: page, last_page: last, per_page: items.length, total: items.length * last } }, null, pretty ? 2 : undefined);

class Capture implements OutStream {
  text = '';
  writes = 0;
  constructor(public isTTY = false) {}
  write(chunk: string | Uint8Array) {
    this.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    this.writes++;
    return true;
  }
}

function target(out: OutStream, json: boolean): ListTarget & { said: string[] } {
  const said: string[] = [];
  return {
    json,
    ctx: { stdout: out },
    table: <T>(columns: Column<T>[]) => tableWriter(out, columns, plainStyle),
    info: (m) => void said.push(`info: ${m}`),
    hint: (m) => void said.push(`hint: ${m}`),
    said,
  };
}

const COLUMNS: Column<{ id: string; name?: string | null; status?: string | null; status_details?: { summary?: string | null } | null }>[] = [
  { header: 'ID', value: (v) => v.id },
  { header: 'NAME', value: (v) => v.name ?? '' },
  { header: 'STATUS', value: (v) => v.status_details?.summary ?? v.status ?? '' },
];

/** What the plain implementation printed for --json: each parsed item re-serialised. */
const plainJson = (items: unknown[]) => (items.length ? `[${items.map((it, i) => (i ? ',\n  ' : '\n  ') + JSON.stringify(it)).join('')}\n]\n` : '[]\n');
/** ... and for TSV. */
const plainTsv = (items: Item[]) =>
  items.length
    ? [
        'ID\tNAME\tSTATUS',
        ...items.map((v) => [v.id, v.name ?? '', (v.status_details as { summary?: string })?.summary ?? v.status ?? ''].map((c) => String(c).replace(/[\t\n\r]/g, ' ')).join('\t')),
      ].join('\n') + '\n'
    : '';

const vps = (i: number, extra: Record<string, unknown> = {}): Item => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  name: `vps-${i}`,
  status: 'running',
  status_details: { summary: i % 3 ? 'ready' : 'degraded', stale: false, operation: { state: 'succeeded', terminal: true }, error: null },
  ip: `198.51.100.${i % 250}`,
  ...extra,
});

async function render(pages: string[], json: boolean, all = true, out = new Capture()) {
  const { http, asked } = api(pages);
  const t = target(out, json);
  await renderList(t, paginate(http, '/vps', Vps, { all }), COLUMNS, { empty: 'no VPS', paging: all ? {} : { page: 1 } });
  return { out, asked, said: t.said };
}

describe('renderList --json', () => {
  it('prints the items of every page as sent, one per line, as the plain implementation did', async () => {
    const p1 = Array.from({ length: 300 }, (_, i) => vps(i));
    const p2 = Array.from({ length: 120 }, (_, i) => vps(300 + i, { note: 'naïve — 😀', tab: 'a\tb', quote: '"q" \\ }]' }));
    const { out, asked } = await render([body(p1, 1, 2), body(p2, 2, 2)], true);
    expect(out.text).toBe(plainJson([...p1, ...p2]));
    expect(asked).toEqual([1, 2]);
    // In pieces, not one write per item.
    expect(out.writes).toBeLessThan(60);
  });

  it('a pretty-printed answer: each item still on one line, re-serialised', async () => {
    const items = [vps(1), vps(2, { nested: { a: [1, { b: 2 }] } })];
    const { out } = await render([body(items, 1, 1, true)], true);
    expect(out.text).toBe(plainJson(items));
  });

  it('an item as sent keeps its own spelling (number formats, escapes), and leniently read fields untouched', async () => {
    const text = '{"data":[{"id":"a","size":1.50,"big":12345678901234567890,"u":"\\u00e9","datacenter":7,"created_at":{"odd":true}}],"pagination":{"current_page":"1","last_page":1}}';
    const { out } = await render([text], true);
    expect(out.text).toBe('[\n  {"id":"a","size":1.50,"big":12345678901234567890,"u":"\\u00e9","datacenter":7,"created_at":{"odd":true}}\n]\n');
    expect(JSON.parse(out.text)).toEqual(JSON.parse(text).data);
  });

  it('an item larger than a write piece, among small ones', async () => {
    const items = [vps(1), vps(2, { blob: 'x'.repeat(WRITE_CHUNK * 2) }), vps(3)];
    const { out } = await render([body(items, 1, 1)], true);
    expect(out.text).toBe(plainJson(items));
  });

  it('an empty list prints [] and says nothing else on stdout', async () => {
    const { out, said } = await render([body([], 1, 1)], true);
    expect(out.text).toBe('[]\n');
    expect(said).toEqual([]);
  });

  it('a body that is not valid UTF-8 is printed as the plain implementation did', async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    agents.push(agent);
    const bytes = Buffer.concat([Buffer.from('{"data":[{"id":"a","name":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}]}')]);
    agent
      .get('http://api.test')
      .intercept({ path: () => true, method: 'GET' })
      .reply(200, bytes, { headers: { 'content-type': 'application/json' } });
    const out = new Capture();
    await renderList(target(out, true), paginate(new HttpClient({ apiUrl: 'http://api.test', token: 't', dispatcher: agent }), '/vps', Vps), COLUMNS, { empty: '', paging: { page: 1 } });
    expect(out.text).toBe(plainJson(JSON.parse(bytes.toString('utf8')).data));
  });
});

describe('renderList TSV (piped)', () => {
  it('prints a header and one line per item over every page, as the plain implementation did', async () => {
    const p1 = Array.from({ length: 700 }, (_, i) => vps(i));
    const p2 = [vps(700, { name: 'with\ttab and\nnewline\r' }), vps(701, { name: null, status_details: null, status: 'stopped' }), vps(702, { name: 42 })];
    const { out } = await render([body(p1, 1, 2), body(p2, 2, 2)], false);
    expect(out.text).toBe(plainTsv([...p1, ...p2].map((v) => ({ ...v, name: v.name === 42 ? '42' : v.name }))));
  });

  it('nothing on stdout for an empty list; the hint about more pages without --all', async () => {
    const empty = await render([body([], 1, 1)], false);
    expect(empty.out.text).toBe('');
    expect(empty.said).toEqual(['info: no VPS']);
    const more = await render([body([vps(1)], 1, 3)], false, false);
    expect(more.out.text).toBe(plainTsv([vps(1)]));
    expect(more.said).toEqual(['hint: page 1 of 3 (3 in all): --page N for another; without --page and --per-page every page is listed']);
  });
});

describe('page by page', () => {
  for (const json of [true, false]) {
    it(`${json ? '--json' : 'TSV'}: a page is out before the next one is asked for`, async () => {
      const out = new Capture();
      const pages = [body([vps(1), vps(2)], 1, 3), body([vps(3)], 2, 3), body([vps(4)], 3, 3)];
      const seenAtRequest: string[] = [];
      const { http } = api(pages, () => seenAtRequest.push(out.text));
      await renderList(target(out, json), paginate(http, '/vps', Vps, { all: true }), COLUMNS, { empty: '', paging: {} });
      // Nothing before the first page came: a list whose first request fails prints nothing, '[' included.
      expect(seenAtRequest[0]).toBe('');
      expect(seenAtRequest[1]).toContain(vps(2).id);
      expect(seenAtRequest[1]).not.toContain(vps(3).id);
      expect(seenAtRequest[2]).toContain(vps(3).id);
    });
  }
});

describe('a slow reader', () => {
  /** A stream that, like a pipe to a slower process, asks to wait after each write until drained. */
  class SlowPipe extends EventEmitter implements OutStream {
    text = '';
    writableNeedDrain = false;
    waits = 0;
    write(chunk: string | Uint8Array) {
      this.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      if (chunk.length >= 1024) this.writableNeedDrain = true;
      return !this.writableNeedDrain;
    }
    override once(event: string, listener: (...args: unknown[]) => void) {
      if (event === 'drain') {
        this.waits++;
        setTimeout(() => {
          this.writableNeedDrain = false;
          this.emit('drain');
        }, 1);
      }
      return super.once(event, listener);
    }
  }

  for (const json of [true, false]) {
    it(`${json ? '--json' : 'TSV'}: waits for it to drain, within a long page too, and prints everything`, async () => {
      const items = Array.from({ length: 3000 }, (_, i) => vps(i));
      const out = new SlowPipe();
      const { http } = api([body(items, 1, 1)]);
      await renderList(target(out, json), paginate(http, '/vps', Vps, { all: true }), COLUMNS, { empty: '', paging: {} });
      expect(out.text).toBe(json ? plainJson(items) : plainTsv(items));
      expect(out.waits).toBeGreaterThan(5);
      expect(out.listenerCount('drain') + out.listenerCount('close') + out.listenerCount('error')).toBe(0);
    });
  }
});
