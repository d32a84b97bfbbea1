// The fast reading of lists (src/client/paginate.ts listReader, in-place.ts, raw-items.ts)
// must read exactly what `listOf(item)` reads: the same success or the same error naming the
// same field, the same items (leniency included), the items as sent untouched. It only skips
// the copies. Differential tests against the full schema, over the fixture corpus and random
// mutations of it, plus the byte scan that finds each item's text as sent.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import * as S from '../../src/client/schemas.js';
import { listReader } from '../../src/client/paginate.js';
import { sameCheck, requiredCheck } from '../../src/client/in-place.js';
import { dataSpans, sentItems } from '../../src/client/raw-items.js';
import { describeIssue } from '../../src/client/parse.js';
import { ResponseShapeError } from '../../src/client/errors.js';
import { fixturesFor } from '../fixtures/index.js';

const FAMILIES: [string, z.ZodMiniType, string[]][] = [
  ['Vps', S.Vps, ['GET /api/v1/vps']],
  ['Container', S.Container, ['GET /api/v1/serverless']],
  ['Datastore', S.Datastore, ['GET /api/v1/database', 'GET /api/v1/cache']],
  ['RecoveryPoint', S.RecoveryPoint, ['GET /api/v1/snapshots/vps', 'GET /api/v1/snapshots/cache', 'GET /api/v1/snapshots/database']],
];

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** What listOf(item) makes of an answer, and what listReader(item) makes of it, side by side. */
function both(item: z.ZodMiniType, json: unknown) {
  const full = S.listOf(item).safeParse(json);
  const fast = listReader(item, 'GET /api/v1/things').safeParse(json);
  return { full, fast };
}

function expectSameReading(item: z.ZodMiniType, json: unknown) {
  const { full, fast } = both(item, json);
  expect(fast.success).toBe(full.success);
  if (!full.success || !fast.success) {
    // The same first issue: the error names the same field the same way.
    expect(describeIssue((fast as { error: z.core.$ZodError }).error, json)).toEqual(describeIssue(full.error!, json));
    return;
  }
  const data = full.data as { data: unknown[]; pagination?: unknown };
  expect(fast.data.raw).toBe((json as { data: unknown[] }).data);
  expect(fast.data.pagination).toEqual(data.pagination);
  expect(fast.data.items()).toEqual(data.data);
}

describe('the item schemas of lists are read in place', () => {
  for (const [name, schema] of FAMILIES) {
    it(`${name}: an in-place check and a required-field check exist`, () => {
      expect(sameCheck(schema)).toBeTypeOf('function');
      expect(requiredCheck(schema)).toBeTypeOf('function');
    });
  }

  it('a clean item is used as sent (no copy); one with a lenient form is read by the schema', () => {
    const json = {
      data: [
        { id: 'a', name: 'one', status_details: { summary: 'ready', stale: false, operation: { state: 'succeeded', terminal: true }, error: null }, extra: { kept: [1, 2] } },
        { id: 'b', name: 'two', datacenter: 7, created_at: { odd: true } },
        { id: 12, name: 'three' },
      ],
      pagination: { current_page: '1', last_page: 1, per_page: 20, total: '3' },
    };
    const read = listReader(S.Vps, 'GET /api/v1/vps').safeParse(json);
    expect(read.success).toBe(true);
    if (!read.success) return;
    const items = read.data.items();
    expect(items[0]).toBe(json.data[0]);
    expect(items[1]).not.toBe(json.data[1]);
    expect(items[1]).toMatchObject({ id: 'b', datacenter: '7', created_at: undefined });
    expect(items[2]).toMatchObject({ id: '12' });
    expect(read.data.pagination).toEqual({ current_page: 1, last_page: 1, per_page: 20, total: 3 });
    // What --json prints is untouched.
    expect(json.data[1]).toEqual({ id: 'b', name: 'two', datacenter: 7, created_at: { odd: true } });
  });

  it('an item without an id fails as the full schema fails, naming the field', () => {
    const json = { data: [{ id: 'a' }, { name: 'no id' }] };
    expectSameReading(S.Vps, json);
    const read = listReader(S.Vps, 'GET /api/v1/vps').safeParse(json);
    expect(read.success).toBe(false);
    expect(describeIssue((read as { error: z.core.$ZodError }).error, json)).toEqual({ field: 'data[1].id', problem: 'lacks the required field "data[1].id"' });
  });

  for (const [label, json] of [
    ['data missing', { pagination: {} }],
    ['data not an array', { data: { id: 'a' } }],
    ['an item not an object', { data: [{ id: 'a' }, 'b'] }],
    ['an empty id', { data: [{ id: '' }] }],
    ['the answer an array', [{ id: 'a' }]],
    ['null', null],
    ['pagination unreadable (lenient)', { data: [{ id: 'a' }], pagination: 'page 1' }],
    ['no pagination', { data: [] }],
  ] as const) {
    it(`reads "${label}" as listOf() does`, () => {
      for (const [, schema] of FAMILIES) expectSameReading(schema, clone(json));
    });
  }

  it('items are read on demand; an unexpected failure then still names the field', () => {
    // A schema whose required fields pass but whose item parse fails cannot be built from the
    // real ones; fake it by corrupting an item after the answer was accepted.
    const json = { data: [{ id: 'a' }, { id: 'b' }] };
    const read = listReader(S.Vps, 'GET /api/v1/vps').safeParse(json);
    expect(read.success).toBe(true);
    if (!read.success) return;
    (json.data[1] as { id: unknown }).id = { not: 'an id' };
    expect(() => read.data.items()).toThrow(ResponseShapeError);
    expect(() => read.data.items()).toThrow('the response of GET /api/v1/vps has an unreadable field "data[1].id"');
  });
});

describe('listReader against listOf over the corpus and its mutations', () => {
  for (const [name, schema, operations] of FAMILIES) {
    const fixtures = operations.flatMap((op) => fixturesFor(op)).filter((f) => f.status >= 200 && f.status < 300);
    it(`${name}: every list fixture (${fixtures.length}) reads the same`, () => {
      expect(fixtures.length).toBeGreaterThan(0);
      for (const f of fixtures) expectSameReading(schema, clone(f.body));
    });

    it(`${name}: random changes anywhere in an item read the same (lenient forms, wrong types, missing ids)`, () => {
      const withItems = fixtures.filter((f) => ((f.body as { data?: unknown[] }).data ?? []).length > 0);
      const value: fc.Arbitrary<Json> = fc.oneof(
        fc.constant(null),
        fc.boolean(),
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.string({ maxLength: 6 }),
        fc.constantFrom('12', '1.5', 'true', '0', '', 'x'),
        fc.constant([] as Json),
        fc.constant({} as Json),
        fc.dictionary(fc.constantFrom('summary', 'state', 'id', 'name', 'x'), fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.constant(null)), { maxKeys: 3 }),
      );
      fc.assert(
        fc.property(fc.constantFrom(...withItems), fc.array(fc.tuple(fc.nat(), fc.nat(), fc.option(value, { nil: undefined })), { minLength: 1, maxLength: 6 }), (f, changes) => {
          const json = clone(f.body) as { data: Record<string, Json>[] };
          for (const [i, k, v] of changes) {
            const item = json.data[i % json.data.length]!;
            const paths = leafPaths(item);
            const path = paths[k % paths.length]!;
            setAt(item, path, v);
          }
          expectSameReading(schema, json);
        }),
        { numRuns: 150 },
      );
    });
  }
});

/** Every path to a value inside an object (objects and arrays included, not the root). */
function leafPaths(v: Json, prefix: (string | number)[] = []): (string | number)[][] {
  if (v === null || typeof v !== 'object') return [];
  const keys: (string | number)[] = Array.isArray(v) ? v.map((_, i) => i) : Object.keys(v);
  return keys.flatMap((k) => [[...prefix, k], ...leafPaths((v as Record<string, Json>)[k as string]!, [...prefix, k])]);
}

function setAt(root: Record<string, Json>, path: (string | number)[], value: Json | undefined) {
  let cur: Json = root;
  for (const k of path.slice(0, -1)) cur = (cur as Record<string, Json>)[k as string]!;
  const last = path.at(-1)!;
  if (value === undefined) delete (cur as Record<string, Json>)[last as string];
  else (cur as Record<string, Json>)[last as string] = value;
}

describe('the items as sent, found in the answer bytes', () => {
  const spansOf = (text: string) => {
    const bytes = Buffer.from(text);
    const s = dataSpans(bytes);
    return s && Array.from({ length: s.length / 2 }, (_, k) => (s[2 * k]! < 0 ? null : bytes.toString('utf8', s[2 * k], s[2 * k + 1])));
  };

  it('finds each item of a compact answer, whatever its strings hold', () => {
    const items = [{ id: 'a', s: 'brackets ] } [ { and , commas', q: 'a "quote" and \\ backslash' }, { id: 'b', nested: { list: [1, [2, { x: 'y' }]] } }, 7, 'text', null, []];
    const text = JSON.stringify({ before: { data: [1] }, data: items, pagination: { total: 6 } });
    expect(spansOf(text)).toEqual(items.map((i) => JSON.stringify(i)));
  });

  it('non-ASCII text as sent, escapes and number spellings as sent', () => {
    const text = '{"data":[{"id":"é—😀","n":1.50,"e":1E3,"u":"\\u00e9\\/"}]}';
    expect(spansOf(text)).toEqual(['{"id":"é—😀","n":1.50,"e":1E3,"u":"\\u00e9\\/"}']);
  });

  it('marks an item spread over several lines, keeps whitespace between items', () => {
    const text = '{\n  "data": [\n    {"id":"a"} ,\n    {\n      "id": "b"\n    }\n  ],\n  "pagination": {"total": 2}\n}\n';
    expect(spansOf(text)).toEqual(['{"id":"a"}', null]);
  });

  it('an empty list', () => {
    expect(spansOf('{"data":[]}')).toEqual([]);
    expect(spansOf('{"data":[ ],"pagination":{}}')).toEqual([]);
  });

  for (const [label, text] of [
    ['no data member', '{"items":[1]}'],
    ['data twice (JSON.parse keeps the last)', '{"data":[1],"data":[2]}'],
    ['an escaped key', '{"d\\u0061ta":[1]}'],
    ['data not an array', '{"data":{"a":1}}'],
    ['not an object', '[{"data":[1]}]'],
    ['an empty object', '{}'],
  ] as const) {
    it(`gives up on ${label}`, () => expect(dataSpans(Buffer.from(text))).toBeUndefined());
  }

  it('sentItems: only valid UTF-8, only when the count matches what was parsed', () => {
    const ok = Buffer.from('{"data":[{"id":"a"},{"id":"b"}]}');
    expect(sentItems(ok, 2)?.spans).toEqual([9, 19, 20, 30]);
    expect(sentItems(ok, 3)).toBeUndefined();
    const bad = Buffer.concat([Buffer.from('{"data":[{"id":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}]}')]);
    expect(sentItems(bad, 1)).toBeUndefined();
  });

  it('agrees with JSON.parse on every fixture list answer sent compact', () => {
    for (const [, , operations] of FAMILIES) {
      for (const f of operations.flatMap((op) => fixturesFor(op)).filter((x) => x.status === 200)) {
        const items = (f.body as { data: unknown[] }).data;
        expect(spansOf(JSON.stringify(f.body))).toEqual(items.map((i) => JSON.stringify(i)));
        // Pretty-printed, every non-empty object item is marked for re-serialising.
        const pretty = spansOf(JSON.stringify(f.body, null, 2));
        expect(pretty?.length).toBe(items.length);
      }
    }
  });
});
