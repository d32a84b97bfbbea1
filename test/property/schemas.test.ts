// Every reader of an answer, attacked through the HttpClient's own parse path, with the
// fixture corpus (test/fixtures: real-shaped answers) as the valid samples:
// - random bodies and mutations of the fixtures never raise anything but the typed errors;
// - additive growth (unknown fields, unknown enum strings) always parses, the extras kept;
// - the lenient forms the real service sends (numbers as strings, `[]` for empty maps,
//   objects where optional strings were expected) parse, and read as the fixture does;
// - error answers of any shape become typed errors.
import fc from 'fast-check';
import { MockAgent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../src/client/http.js';
import { DiagnosticsApi, containerPath } from '../../src/client/diagnostics.js';
import { ApiError, ResponseShapeError } from '../../src/client/errors.js';
import { FIXTURES, type Fixture } from '../fixtures/index.js';
import { READERS, fixturesOf } from '../client/readers.js';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Path = (string | number)[];
type Outcome = { ok: true; data: unknown } | { ok: false; err: unknown };

interface Subject {
  name: string;
  fixtures: Fixture[];
  /** Reads a body through the client. */
  read: () => Promise<unknown>;
  /** Where a path of the answer shows in what the client returns (undefined: not returned). */
  view: (p: Path) => Path | undefined;
}

let agent: MockAgent;
let body = '';
let status = 200;
let contentType = 'application/json';
let client: HttpClient;
const counted = { runs: 0 };

const SUBJECTS: Subject[] = READERS.map((r) => {
  const fixtures = fixturesOf(r);
  if (r.schema) {
    const schema = r.schema;
    return { name: r.name, fixtures, read: async () => (await client.get('/thing', { schema })).data, view: (p: Path) => p };
  }
  // The logs page is checked in place by diagnostics.ts and returned as {available, entries, meta}.
  return {
    name: r.name,
    fixtures,
    read: () => new DiagnosticsApi(client).logsPage(containerPath('x'), { since: '2026-08-19T09:00:00Z' }),
    view: (p: Path) => {
      if (p[0] === 'data' && (p[1] === 'entries' || p[1] === 'available')) return p.slice(1);
      if (p[0] === 'meta') return p;
      return undefined;
    },
  };
});

/** Enum-like fields whose values the API may add to (contract section 4). */
const ENUM_FIELDS = new Set(['summary', 'health', 'state', 'severity', 'status', 'origin', 'level', 'protection', 'engine', 'type', 'verdict', 'kind', 'stream']);

beforeAll(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
  agent
    .get('http://api.test')
    .intercept({ path: () => true, method: 'GET' })
    .reply(() => ({ statusCode: status, data: body, responseOptions: { headers: { 'content-type': contentType } } }))
    .persist();
  client = new HttpClient({ apiUrl: 'http://api.test', token: 'tok', dispatcher: agent, maxRetries: 0 });
});
afterAll(async () => {
  await agent.close();
  console.info(`schema properties: ${counted.runs} payloads parsed`);
});

/** The parse path: resolves with the data or rejects with a typed error, nothing else. */
async function parse(subject: Subject, text: string, answerStatus = 200): Promise<Outcome> {
  body = text;
  status = answerStatus;
  counted.runs++;
  try {
    return { ok: true, data: await subject.read() };
  } catch (err) {
    return { ok: false, err };
  }
}

function expectTyped(out: Outcome, kind: typeof ApiError = ResponseShapeError): void {
  if (out.ok) return;
  expect(out.err).toBeInstanceOf(kind);
  const e = out.err as ApiError;
  expect(e).toBeInstanceOf(ApiError);
  expect(e.endpoint).toMatch(/^GET \/api\/v1\/(thing|serverless\/x\/logs)$/);
  // An unreadable answer names its endpoint in the message; the CLI adds it to the others.
  if (e instanceof ResponseShapeError) expect(e.message).toContain(e.endpoint);
  expect(e.message.trim()).not.toBe('');
  expect(e.message).not.toMatch(/\n/);
}

/** Every path to a value inside a JSON tree. */
function paths(v: Json, at: Path = []): Path[] {
  const out: Path[] = [];
  if (Array.isArray(v)) v.forEach((x, i) => out.push([...at, i], ...paths(x, [...at, i])));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) out.push([...at, k], ...paths(x, [...at, k]));
  return out;
}

function objects(v: Json, at: Path = []): Path[] {
  const out: Path[] = [];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...objects(x, [...at, i])));
  else if (v && typeof v === 'object') {
    out.push(at);
    for (const [k, x] of Object.entries(v)) out.push(...objects(x, [...at, k]));
  }
  return out;
}

function get(root: unknown, p: Path): unknown {
  let cur = root;
  for (const k of p) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<string | number, unknown>)[k];
  }
  return cur;
}

function parentOf(root: Json, path: Path): { parent: Record<string | number, Json>; key: string | number } {
  return { parent: get(root, path.slice(0, -1)) as Record<string | number, Json>, key: path[path.length - 1]! };
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isEmptyObject = (v: unknown) => isPlainObject(v) && Object.keys(v).length === 0;
const key = (p: Path) => p.join('.');
const jsonValue = fc.jsonValue() as fc.Arbitrary<Json>;

/**
 * Where two reads differ, up to how a value was sent: a number and its numeric string are the
 * same value, and an empty object reads like `[]` or like nothing. Paths in `exempt` may differ.
 */
function difference(a: unknown, b: unknown, exempt: Set<string>, at: Path = []): string | undefined {
  if (exempt.has(key(at))) return undefined;
  if (typeof a === 'number' && typeof b === 'string') return b.trim() !== '' && Number(b) === a ? undefined : `${key(at)}: ${a} ≠ ${JSON.stringify(b)}`;
  if (typeof a === 'string' && typeof b === 'number') return difference(b, a, exempt, at);
  if (isEmptyObject(a) && (b === undefined || isEmptyObject(b) || (Array.isArray(b) && b.length === 0))) return undefined;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return `${key(at)}: ${a.length} items ≠ ${b.length}`;
    for (let i = 0; i < a.length; i++) {
      const d = difference(a[i], b[i], exempt, [...at, i]);
      if (d) return d;
    }
    return undefined;
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = difference(a[k], b[k], exempt, [...at, k]);
      if (d) return d;
    }
    return undefined;
  }
  return Object.is(a, b) ? undefined : `${key(at)}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`;
}

/** The reads of each fixture as sent, and its optional string fields (found once, on demand). */
const baseline = new Map<string, unknown>();
const optionalStrings = new Map<string, Path[]>();

async function readOf(subject: Subject, f: Fixture): Promise<unknown> {
  const k = `${subject.name} ${f.name}`;
  if (!baseline.has(k)) {
    const out = await parse(subject, JSON.stringify(f.body));
    if (!out.ok) throw new Error(`${f.name} does not parse: ${String(out.err)}`);
    baseline.set(k, out.data);
  }
  return baseline.get(k);
}

/** String fields the answer may leave out: without one, the read is the same but for that field. */
async function optionalStringsOf(subject: Subject, f: Fixture): Promise<Path[]> {
  const k = `${subject.name} ${f.name}`;
  if (!optionalStrings.has(k)) {
    const view0 = await readOf(subject, f);
    const found: Path[] = [];
    for (const p of paths(f.body as Json)) {
      if (typeof get(f.body, p) !== 'string' || typeof p[p.length - 1] !== 'string') continue;
      const without = clone(f.body) as Json;
      const { parent, key: last } = parentOf(without, p);
      delete parent[last];
      const out = await parse(subject, JSON.stringify(without));
      const vp = subject.view(p);
      if (out.ok && !difference(view0, out.data, new Set(vp ? [key(vp)] : []))) found.push(p);
    }
    optionalStrings.set(k, found);
  }
  return optionalStrings.get(k)!;
}

describe.each(SUBJECTS)('$name', (subject) => {
  const fixture = fc.constantFrom(...subject.fixtures);

  it('reads every successful fixture of its operations', async () => {
    expect(subject.fixtures.length).toBeGreaterThan(0);
    for (const f of subject.fixtures) {
      const out = await parse(subject, JSON.stringify(f.body));
      expect(out.ok, `${f.name}: ${out.ok ? '' : String(out.err)}`).toBe(true);
    }
  });

  it('any JSON value or any text: data or a ResponseShapeError, never another throw', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.anything().map((x) => JSON.stringify(x) ?? ''),
          fc.string(),
          jsonValue.map((x) => JSON.stringify(x)),
        ),
        async (text) => expectTyped(await parse(subject, text)),
      ),
      { numRuns: 60 },
    );
  });

  it('mutations of the fixtures (drop a field, change a type, truncate): data or a ResponseShapeError', async () => {
    const mutation = fc.oneof(
      fc.record({ op: fc.constant('drop' as const), at: fc.nat(), value: fc.constant(null) }),
      fc.record({ op: fc.constant('retype' as const), at: fc.nat(), value: jsonValue }),
      fc.record({ op: fc.constant('truncate' as const), at: fc.nat(), value: fc.constant(null) }),
    );
    await fc.assert(
      fc.asyncProperty(fixture, fc.array(mutation, { minLength: 1, maxLength: 4 }), async (f, ms) => {
        let v = clone(f.body) as Json;
        let text: string | undefined;
        for (const m of ms) {
          if (m.op === 'truncate') {
            const s = JSON.stringify(v);
            text = s.slice(0, m.at % s.length);
            break;
          }
          const current = paths(v);
          if (!current.length) break;
          const { parent, key: k } = parentOf(v, current[m.at % current.length]!);
          if (m.op === 'drop') {
            if (Array.isArray(parent)) parent.splice(Number(k), 1);
            else delete parent[k];
          } else parent[k] = m.value;
        }
        expectTyped(await parse(subject, text ?? JSON.stringify(v)));
      }),
      { numRuns: 80 },
    );
  });

  it('additive growth (unknown fields, unknown enum strings) always parses and keeps the extras', async () => {
    const grow = fc.array(
      fc.record({ at: fc.nat(), key: fc.string({ minLength: 1, maxLength: 12 }).map((k) => `x_${k}`), value: jsonValue.map(clone), enumValue: fc.string({ minLength: 1, maxLength: 16 }) }),
      { minLength: 1, maxLength: 5 },
    );
    await fc.assert(
      fc.asyncProperty(fixture, grow, async (f, gs) => {
        const view0 = await readOf(subject, f);
        const v = clone(f.body) as Json;
        const objs = objects(v);
        const touched: Path[] = [];
        for (const g of gs) {
          const path = objs[g.at % objs.length]!;
          const target = get(v, path) as Record<string, Json>;
          target[g.key] = g.value;
          for (const k of Object.keys(target)) if (ENUM_FIELDS.has(k) && typeof target[k] === 'string') target[k] = `new_${g.enumValue}`;
          touched.push(path);
        }
        // What the client should return: the fixture's read, with the same extras and new enum
        // strings wherever that object shows in it (an environment map reads its values as text).
        const expected = clone(view0);
        for (const path of touched) {
          const vp = subject.view(path);
          const into = vp && get(expected, vp);
          if (!isPlainObject(into)) continue;
          const grown = get(v, path) as Record<string, Json>;
          const isMap = path[path.length - 1] === 'environment_variables';
          for (const [k, x] of Object.entries(grown)) {
            if (k.startsWith('x_')) into[k] = isMap && typeof x !== 'string' ? JSON.stringify(x) : x;
            else if (ENUM_FIELDS.has(k) && typeof x === 'string' && typeof into[k] === 'string') into[k] = x;
          }
        }
        contentType = gs[0]!.at % 2 === 1 ? 'text/plain' : 'application/json';
        const out = await parse(subject, JSON.stringify(v));
        contentType = 'application/json';
        expect(out.ok, `${f.name}: ${out.ok ? '' : String(out.err)}`).toBe(true);
        if (out.ok) expect(out.data).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  });

  it('lenient forms (numbers as strings, [] for empty maps, objects for optional strings) parse and read the same', async () => {
    const picks = fc.record({
      numbers: fc.array(fc.nat(), { maxLength: 8 }),
      maps: fc.array(fc.nat(), { maxLength: 3 }),
      strings: fc.array(fc.nat(), { maxLength: 4 }),
      junk: fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), jsonValue.map(clone), { minKeys: 0, maxKeys: 2 }),
    });
    await fc.assert(
      fc.asyncProperty(fixture, picks, async (f, pick) => {
        const view0 = await readOf(subject, f);
        const v = clone(f.body) as Json;
        const all = paths(v);
        const numbers = all.filter((p) => typeof get(v, p) === 'number');
        const maps = all.filter((p) => isEmptyObject(get(v, p)));
        const strings = await optionalStringsOf(subject, f);
        const exempt = new Set<string>();
        for (const n of pick.numbers) {
          if (!numbers.length) break;
          const p = numbers[n % numbers.length]!;
          const { parent, key: k } = parentOf(v, p);
          if (typeof parent[k] === 'number') parent[k] = String(parent[k]);
        }
        for (const n of pick.maps) {
          if (!maps.length) break;
          const { parent, key: k } = parentOf(v, maps[n % maps.length]!);
          parent[k] = [];
        }
        for (const n of pick.strings) {
          if (!strings.length) break;
          const p = strings[n % strings.length]!;
          const { parent, key: k } = parentOf(v, p);
          parent[k] = { ...pick.junk, was: String(get(f.body, p)) };
          const vp = subject.view(p);
          if (vp) exempt.add(key(vp));
        }
        const out = await parse(subject, JSON.stringify(v));
        expect(out.ok, `${f.name}: ${out.ok ? '' : String(out.err)}\n${JSON.stringify(v).slice(0, 2000)}`).toBe(true);
        if (out.ok) expect(difference(view0, out.data, exempt), f.name).toBeUndefined();
      }),
      { numRuns: 40 },
    );
  });
});

describe('error answers of any shape', () => {
  const subject = SUBJECTS.find((s) => s.name === 'ContainerAnswer')!;
  const errorStatus = fc.constantFrom(400, 401, 403, 404, 405, 409, 410, 422, 429, 500, 502, 503, 504);
  const errorFixtures = FIXTURES.filter((f) => f.status >= 400);

  it('random bodies with an error status: a typed ApiError of that status, one line', async () => {
    await fc.assert(
      fc.asyncProperty(
        errorStatus,
        fc.oneof(
          fc.string(),
          jsonValue.map((x) => JSON.stringify(x)),
        ),
        async (s, text) => {
          const out = await parse(subject, text, s);
          expect(out.ok).toBe(false);
          expectTyped(out, ApiError);
          expect((out as { err: ApiError }).err).not.toBeInstanceOf(ResponseShapeError);
          expect((out as { err: ApiError }).err.status).toBe(s);
        },
      ),
      { numRuns: 120 },
    );
  });

  it('mutated error fixtures of the corpus: still a typed ApiError of their status', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...errorFixtures), fc.nat(), jsonValue, async (f, at, value) => {
        const v = clone(f.body) as Json;
        const all = paths(v);
        if (all.length) {
          const { parent, key: k } = parentOf(v, all[at % all.length]!);
          parent[k] = value;
        }
        const out = await parse(subject, JSON.stringify(v), f.status);
        expect(out.ok).toBe(false);
        expectTyped(out, ApiError);
        expect((out as { err: ApiError }).err.status).toBe(f.status);
      }),
      { numRuns: 120 },
    );
  });
});
