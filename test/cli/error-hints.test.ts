// The ways out of an error (src/cli/error-hints.ts): pure decisions as tables.
import { describe, expect, it } from 'vitest';
import { commandOf, noSuchName, takenNameHint, wrapHint } from '../../src/cli/error-hints.js';
import { NoSuchNameError } from '../../src/client/errors.js';

describe('commandOf', () => {
  it.each([
    ['/serverless', 'serverless'],
    ['/storage/buckets', 'storage buckets'],
    ['/ssh-keys', 'ssh-keys'],
  ])('%s → %s', (path, cmd) => expect(commandOf(path)).toBe(cmd));
});

describe('noSuchName', () => {
  const err = (ref: string, names: string[]) =>
    new NoSuchNameError(`no container with the id, name or slug "${ref}" in this project`, 'GET /api/v1/serverless', { ref, noun: 'container', count: names.length, names, path: '/serverless' });
  it.each([
    ['a near name', 'webb', ['web', 'api'], /looked among the 2 containers of GET \/api\/v1\/serverless\)$/, "did you mean web? 'infra serverless list' shows them"],
    ['nothing near', 'zzz', ['web', 'api'], /looked among the 2 containers/, "'infra serverless list' shows them"],
    ['an empty project', 'web', [], /\(the project has no containers\)$/, "'infra serverless list' shows them"],
  ])('%s', (_n, ref, names, message, hint) => {
    const r = noSuchName(err(ref, names));
    expect(r.message).toMatch(message);
    expect(r.hint).toBe(hint);
  });
});

describe('takenNameHint', () => {
  it.each([
    ['serverless create, slug taken', 'POST /api/v1/serverless', ['slug'], { name: 'web', slug: 'web' }, /'infra serverless update web' changes it/],
    ['a database create, name taken', 'POST /api/v1/database', ['name'], { name: 'orders-pg' }, /^'infra database get orders-pg' shows the one that has it/],
    ['another field', 'POST /api/v1/serverless', ['port'], { name: 'web' }, undefined],
    ['an update (PUT)', 'PUT /api/v1/serverless/x', ['slug'], { slug: 'web' }, undefined],
  ])('%s', (_n, endpoint, fields, sent, hint) => {
    const h = takenNameHint(endpoint, fields, sent);
    if (hint === undefined) expect(h).toBeUndefined();
    else expect(h).toMatch(hint);
  });
});

describe('wrapHint', () => {
  const text = "wait for the deployment in progress with 'infra serverless wait batch', then redeploy";
  it.each([
    ['no width (piped): one line', undefined],
    ['wide enough: one line', 200],
    ['40 columns', 40],
    ['60 columns', 60],
  ])('%s', (_n, width) => {
    const lines = wrapHint('hint: ', text, width);
    if (!width || width >= 200) expect(lines).toEqual([`hint: ${text}`]);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(width ?? Infinity);
    // Nothing lost, nothing cut: the words read back whole, the quoted command in one piece.
    expect(lines.map((l) => l.trim()).join(' ')).toBe(`hint: ${text}`);
    expect(lines.some((l) => l.includes("'infra serverless wait batch',"))).toBe(true);
  });
});
