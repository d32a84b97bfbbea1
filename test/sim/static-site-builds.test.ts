// Static-site routes the provider's own CLI calls and the facts list, over HTTP: a site's latest
// build (GET .../builds/latest, what a deploy polls until `succeeded` or `failed`) and the
// team-scoped list and create (GET/POST /teams/{team}/static-sites, what linking a directory
// reads and writes). Every answer is checked against real-api.md's shape for its operation.
import { describe, expect, test } from 'vitest';
import { checkValue, loadFacts, Shapes } from '../fixtures/facts.js';
import { zipFiles } from '../../src/shared/zip.js';
import { SEED_IDS, simApi, useSimulator, type SimApi } from '../helpers/sim.js';

let api: SimApi;
useSimulator((sim) => (api = simApi(sim)));

const shapes = new Shapes(loadFacts());
const SITES = SEED_IDS.sites;
type Obj = Record<string, unknown>;

/** The answer's JSON, after checking its status and its shape against the facts of `operation`. */
async function real<T = Obj>(res: Response, operation: string, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, `${operation}: ${text.slice(0, 300)}`).toBe(status);
  const json: unknown = JSON.parse(text);
  const shape = shapes.response(operation, status);
  if (!shape) throw new Error(`no facts for ${operation} ${status}`);
  expect(checkValue(json, shape.type, shapes).map((p) => `${p.path}: ${p.message}`)).toEqual([]);
  return json as T;
}

const LATEST = 'GET /api/v1/static-sites/{staticSite}/builds/latest';
const latest = async (id: string) => (await real<{ data: Obj | null }>(await api.get(`/api/v1/static-sites/${id}/builds/latest`), LATEST, 200)).data;

function upload(site: string, files: Record<string, string>) {
  const bytes = zipFiles(Object.entries(files).map(([name, text]) => ({ name, data: Buffer.from(text) })));
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/zip' }), 'site.zip');
  return fetch(`${api.sim.url}/api/v1/static-sites/${site}/deploy`, { method: 'POST', headers: { authorization: `Bearer ${api.sim.tokens.admin}`, accept: 'application/json' }, body: form });
}

describe('GET /static-sites/{id}/builds/latest', () => {
  test('null before any deploy; a deploy reads building, then succeeded with its number, files and duration', async () => {
    expect(await latest(SITES.landing)).toBeNull();
    expect((await upload(SITES.landing, { 'index.html': '<h1>hi</h1>', 'a.css': 'x' })).status).toBe(202);
    expect(await latest(SITES.landing)).toMatchObject({ build_number: 1, status: 'building', file_count: 2, duration_seconds: null, error_message: null });
    api.advance(31);
    expect(await latest(SITES.landing)).toMatchObject({ build_number: 1, status: 'succeeded', source_type: 'upload', duration_seconds: 30, error_message: null });
  });

  test('the seeded docs site: its third build succeeded; blog: its latest build failed with the build error', async () => {
    expect(await latest(SITES.docs)).toMatchObject({ build_number: 3, status: 'succeeded', file_count: 45 });
    expect(await latest(SITES.blog)).toMatchObject({ build_number: 2, status: 'failed', error_message: expect.stringContaining('index.html') });
  });

  test('an unknown site is a 404 of the model; the default token may read it (static-site:read)', async () => {
    expect((await api.get('/api/v1/static-sites/00000000-0000-4000-8000-000000000000/builds/latest')).status).toBe(404);
    expect((await api.get(`/api/v1/static-sites/${SITES.docs}/builds/latest`, { token: api.sim.tokens.default })).status).toBe(200);
  });
});

describe('GET/POST /teams/{team}/static-sites', () => {
  const LIST = 'GET /api/v1/teams/{team}/static-sites';
  const STORE = 'POST /api/v1/teams/{team}/static-sites';

  test('lists the sites of the project in the path, whatever X-Team-Id says', async () => {
    const main = await real<{ data: Obj[] }>(await api.get('/api/v1/teams/1/static-sites'), LIST, 200);
    expect(main.data.map((s) => s.name).sort()).toEqual(['blog', 'docs', 'landing']);
    const staging = await real<{ data: Obj[] }>(await api.get('/api/v1/teams/2/static-sites', { team: 1 }), LIST, 200);
    expect(staging.data.map((s) => s.id)).toEqual([SITES.stagingDocs]);
  });

  test('creates a site in the project in the path (201 {message, data}); it is then listed there', async () => {
    const created = await real<{ data: Obj }>(await api.send('POST', '/api/v1/teams/2/static-sites', { name: 'Handbook' }), STORE, 201);
    expect(created.data).toMatchObject({ name: 'Handbook', slug: 'handbook', status: 'pending' });
    const staging = await real<{ data: Obj[] }>(await api.get('/api/v1/teams/2/static-sites'), LIST, 200);
    expect(staging.data.map((s) => s.name)).toContain('Handbook');
    await real(await api.send('POST', '/api/v1/teams/2/static-sites', {}), STORE, 422);
  });

  test('401 without a token; an unknown team is a 404 of the Team model; a team outside the token is 403', async () => {
    expect((await api.get('/api/v1/teams/1/static-sites', { token: null })).status).toBe(401);
    const unknown = await api.get('/api/v1/teams/99/static-sites');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as Obj).message).toBe('No query results for model [App\\Models\\Team] 99');
    expect((await api.get('/api/v1/teams/2/static-sites', { token: api.sim.tokens.default })).status).toBe(403);
    expect((await api.send('POST', '/api/v1/teams/1/static-sites', { name: 'x' }, { token: api.sim.tokens.default })).status).toBe(403);
  });
});
