// Every response schema, attacked through the HttpClient's own parse path: random bodies and
// mutations of real simulator payloads never raise anything but the typed errors, and valid
// payloads grown additively (unknown fields, unknown enum strings) always parse, extras kept.
import fc from 'fast-check';
import { MockAgent } from 'undici';
import type * as z from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../src/client/http.js';
import { ApiError, ResponseShapeError } from '../../src/client/errors.js';
import * as S from '../../src/client/schemas.js';
import { startSimulator, type Simulator } from '../../src/sim/server.js';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

interface Subject {
  name: string;
  schema: z.ZodMiniType;
  /** Where the simulator serves a valid payload, and how the client unwraps it. */
  path?: string;
  unwrap?: boolean;
  sample?: Json;
}

const SUBJECTS: Subject[] = [
  { name: 'listOf(Vps)', schema: S.listOf(S.Vps), path: '/api/v1/vps' },
  { name: 'listOf(Container)', schema: S.listOf(S.Container), path: '/api/v1/serverless' },
  { name: 'listOf(Database)', schema: S.listOf(S.Database), path: '/api/v1/database' },
  { name: 'listOf(Cache)', schema: S.listOf(S.Cache), path: '/api/v1/cache' },
  { name: 'listOf(RecoveryPoint)', schema: S.listOf(S.RecoveryPoint), path: '/api/v1/snapshots/vps' },
  { name: 'ContainerAnswer', schema: S.ContainerAnswer, path: '/api/v1/serverless/103' },
  { name: 'envelopeOf(RevisionsData)', schema: S.envelopeOf(S.RevisionsData), path: '/api/v1/serverless/104/revisions' },
  { name: 'envelopeOf(EventsData)', schema: S.envelopeOf(S.EventsData), path: '/api/v1/serverless/103/events' },
  { name: 'envelopeOf(DiagnoseData)', schema: S.envelopeOf(S.DiagnoseData), path: '/api/v1/serverless/103/diagnose' },
  { name: 'LogsAnswer', schema: S.LogsAnswer, path: '/api/v1/serverless/101/logs' },
  { name: 'Credentials (database)', schema: S.Credentials, path: '/api/v1/database/302/credentials', unwrap: true },
  { name: 'Credentials (cache)', schema: S.Credentials, path: '/api/v1/cache/401/connection-info', unwrap: true },
  { name: 'DnsAnswer', schema: S.DnsAnswer, path: '/api/v1/database/301', unwrap: true },
  { name: 'CapabilitiesAnswer', schema: S.CapabilitiesAnswer, path: '/api/v1/recovery/capabilities' },
  { name: 'RestoreAnswer', schema: S.RestoreAnswer, sample: { operation_id: 'op-1', operation_url: '/api/v1/operations/op-1', status: 'accepted' } },
  { name: 'ValidationErrorBody', schema: S.ValidationErrorBody, sample: { message: 'The given data was invalid.', errors: { per_page: ['must be at most 100'] } } },
];

/** Enum-like fields whose values the API may add to (contract section 4). */
const ENUM_FIELDS = new Set(['summary', 'health', 'state', 'severity', 'status', 'origin', 'level', 'protection', 'engine', 'type']);

let sim: Simulator;
let agent: MockAgent;
let body = '';
let contentType = 'application/json';
let client: HttpClient;
const counted = { runs: 0 };

beforeAll(async () => {
  sim = await startSimulator({ port: 0, speed: 0 });
  for (const s of SUBJECTS) {
    if (!s.path) continue;
    const res = await fetch(sim.url + s.path, { headers: { authorization: `Bearer ${sim.tokens.admin}` } });
    const json = (await res.json()) as Json;
    s.sample = s.unwrap && json && typeof json === 'object' && !Array.isArray(json) && 'data' in json ? json.data! : json;
  }
  agent = new MockAgent();
  agent.disableNetConnect();
  agent
    .get('http://api.test')
    .intercept({ path: () => true, method: 'GET' })
    .reply(200, () => body, { headers: { get 'content-type'() { return contentType; } } })
    .persist();
  client = new HttpClient({ apiUrl: 'http://api.test', token: 'tok', dispatcher: agent, maxRetries: 0 });
});
afterAll(async () => {
  await agent.close();
  await sim.close();
  console.info(`schema properties: ${counted.runs} payloads parsed`);
});

/** The parse path: resolves with the data or rejects with a typed error, nothing else. */
async function parse(schema: z.ZodMiniType, text: string): Promise<{ ok: true; data: unknown } | { ok: false; err: unknown }> {
  body = text;
  counted.runs++;
  try {
    return { ok: true, data: (await client.get('/thing', { schema })).data };
  } catch (err) {
    return { ok: false, err };
  }
}

function expectTyped(out: Awaited<ReturnType<typeof parse>>): void {
  if (out.ok) return;
  expect(out.err).toBeInstanceOf(ResponseShapeError);
  const e = out.err as ResponseShapeError;
  expect(e).toBeInstanceOf(ApiError);
  expect(e.message).toContain('GET /api/v1/thing');
  expect(e.message).not.toMatch(/\n/);
}

/** Every path to a value inside a JSON tree. */
function paths(v: Json, at: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [];
  if (Array.isArray(v)) v.forEach((x, i) => out.push([...at, i], ...paths(x, [...at, i])));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) out.push([...at, k], ...paths(x, [...at, k]));
  return out;
}

function objects(v: Json, at: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...objects(x, [...at, i])));
  else if (v && typeof v === 'object') {
    out.push(at);
    for (const [k, x] of Object.entries(v)) out.push(...objects(x, [...at, k]));
  }
  return out;
}

function parentOf(root: Json, path: (string | number)[]): { parent: Record<string | number, Json>; key: string | number } {
  let cur = root as Record<string | number, Json>;
  for (const p of path.slice(0, -1)) cur = cur[p] as Record<string | number, Json>;
  return { parent: cur, key: path[path.length - 1]! };
}

const clone = (v: Json): Json => JSON.parse(JSON.stringify(v)) as Json;
const jsonValue = fc.jsonValue() as fc.Arbitrary<Json>;

describe.each(SUBJECTS)('$name', (subject) => {
  it('a valid simulator payload parses', async () => {
    expect(subject.sample).toBeDefined();
    const out = await parse(subject.schema, JSON.stringify(subject.sample));
    expect(out.ok, JSON.stringify(out)).toBe(true);
  });

  it('any JSON value or any text: data or a ResponseShapeError, never another throw', async () => {
    await fc.assert(fc.asyncProperty(fc.oneof(fc.anything().map((x) => JSON.stringify(x) ?? ''), fc.string(), jsonValue.map((x) => JSON.stringify(x))), async (text) => expectTyped(await parse(subject.schema, text))), { numRuns: 60 });
  });

  it('mutations (drop a field, change a type, truncate): data or a ResponseShapeError', async () => {
    const sample = subject.sample!;
    const all = paths(sample);
    const mutation = fc.oneof(
      fc.record({ op: fc.constant('drop' as const), at: fc.nat(), value: fc.constant(null) }),
      fc.record({ op: fc.constant('retype' as const), at: fc.nat(), value: jsonValue }),
      fc.record({ op: fc.constant('truncate' as const), at: fc.nat(), value: fc.constant(null) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 4 }), async (ms) => {
        let v = clone(sample);
        let text: string | undefined;
        for (const m of ms) {
          if (m.op === 'truncate') {
            const s = JSON.stringify(v);
            text = s.slice(0, m.at % s.length);
            break;
          }
          const current = paths(v);
          if (!current.length) break;
          const { parent, key } = parentOf(v, current[m.at % current.length]!);
          if (m.op === 'drop') {
            if (Array.isArray(parent)) parent.splice(Number(key), 1);
            else delete parent[key];
          } else parent[key] = m.value;
        }
        expectTyped(await parse(subject.schema, text ?? JSON.stringify(v)));
      }),
      { numRuns: Math.min(80, 20 + all.length) },
    );
  });

  it('additive growth (unknown fields, unknown enum strings) always parses and keeps the extras', async () => {
    const sample = subject.sample!;
    const grow = fc.array(fc.record({ at: fc.nat(), key: fc.string({ minLength: 1, maxLength: 12 }).map((k) => `x_${k}`), value: jsonValue, enumValue: fc.string({ minLength: 1, maxLength: 16 }) }), { minLength: 1, maxLength: 5 });
    await fc.assert(
      fc.asyncProperty(grow, async (gs) => {
        const v = clone(sample);
        // `errors` of a 422 is a map of field names, not an object the API grows.
        const objs = objects(v).filter((p) => p[p.length - 1] !== 'errors');
        for (const g of gs) {
          const path = objs[g.at % objs.length]!;
          let target = v as Record<string, Json>;
          for (const p of path) target = (target as unknown as Record<string | number, Json>)[p] as Record<string, Json>;
          target[g.key] = g.value;
          for (const k of Object.keys(target)) if (ENUM_FIELDS.has(k) && typeof target[k] === 'string') target[k] = `new_${g.enumValue}`;
        }
        contentType = g0(gs) ? 'text/plain' : 'application/json';
        const out = await parse(subject.schema, JSON.stringify(v));
        contentType = 'application/json';
        expect(out.ok, JSON.stringify(out)).toBe(true);
        if (out.ok) expect(out.data).toEqual(clone(v));
      }),
      { numRuns: 40 },
    );
  });
});

/** Half the grown payloads come labelled text/plain: JSON under the wrong type is still JSON. */
function g0(gs: { at: number }[]): boolean {
  return gs[0]!.at % 2 === 1;
}
