// Static sites, webhooks, recovery points taken by hand and clones: every answer of the
// simulator checked against the real API's facts (test/fixtures/facts.ts reads real-api.md),
// field by field, across the seeded world and over time; and the behaviour the commands rely
// on (a deploy's build, a failed build, deletion and restore timing, the secret shown once).
import { describe, expect, test } from 'vitest';
import { checkValue, loadFacts, Shapes } from '../fixtures/facts.js';
import { zipFiles } from '../../src/shared/zip.js';
import { body, SEED_IDS, simApi, useSimulator, type SimApi } from '../helpers/sim.js';

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
  const problems = checkValue(json, shape.type, shapes).map((p) => `${p.path}: ${p.message}`);
  expect(problems, `${operation} ${status}`).toEqual([]);
  return json as T;
}

const zip = (files: Record<string, string>) => zipFiles(Object.entries(files).map(([name, text]) => ({ name, data: Buffer.from(text) })));

function upload(site: string, bytes: Uint8Array | null, filename = 'site.zip') {
  const form = new FormData();
  if (bytes) form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/zip' }), filename);
  return fetch(`${api.sim.url}/api/v1/static-sites/${site}/deploy`, { method: 'POST', headers: { authorization: `Bearer ${api.sim.tokens.admin}`, accept: 'application/json' }, body: form });
}

const SITE = 'GET /api/v1/static-sites/{staticSite}';
const site = async (id: string) => (await real<{ data: Obj & { status_details: Obj } }>(await api.get(`/api/v1/static-sites/${id}`), SITE, 200)).data;

describe('static sites', () => {
  test('list, show, deployments, domains and diagnose of every seeded site, at several moments', async () => {
    for (const step of [0, 30, 3600]) {
      api.advance(step);
      const list = await real<{ data: Obj[] }>(await api.get('/api/v1/static-sites?per_page=50'), 'GET /api/v1/static-sites', 200);
      expect(list.data.map((s) => s.name)).toEqual(['docs', 'blog', 'landing']);
      for (const id of [SITES.docs, SITES.blog, SITES.landing]) {
        await site(id);
        await real(await api.get(`/api/v1/static-sites/${id}/deployments`), 'GET /api/v1/static-sites/{staticSite}/deployments', 200);
        await real(await api.get(`/api/v1/static-sites/${id}/domains`), 'GET /api/v1/static-sites/{staticSite}/domains', 200);
        await real(await api.get(`/api/v1/static-sites/${id}/diagnose`), 'GET /api/v1/static-sites/{staticSite}/diagnose', 200);
      }
    }
    expect((await body<{ data: Obj[] }>(await api.get('/api/v1/static-sites', { team: 2 }))).data.map((s) => s.id)).toEqual([SITES.stagingDocs]);
  });

  test('blog: its latest build failed while the first deployment serves: degraded, with the build error', async () => {
    const blog = await site(SITES.blog);
    expect(blog.status_details).toMatchObject({
      summary: 'degraded',
      health: 'healthy',
      operation: { state: 'failed', terminal: true },
      error: { code: 'static_site.build_failed', retryable: false },
    });
    const deps = (await body<{ data: Obj[] }>(await api.get(`/api/v1/static-sites/${SITES.blog}/deployments`))).data;
    expect(deps.map((d) => [d.revision_number, d.status, d.is_current])).toEqual([
      [2, 'failed', false],
      [1, 'active', true],
    ]);
    const diag = await body<{ data: { verdict: string } }>(await api.get(`/api/v1/static-sites/${SITES.blog}/diagnose`));
    expect(diag.data.verdict).toBe('degraded');
  });

  test('create, deploy (multipart): building, deploying, active; the deployment becomes current', async () => {
    const created = await real<{ data: Obj }>(await api.send('POST', '/api/v1/static-sites', { name: 'Status Page', plan: 'starter' }), 'POST /api/v1/static-sites', 201);
    expect(created.data).toMatchObject({ name: 'Status Page', slug: 'status-page', status: 'pending', plan: 'starter', deployment_count: 0 });
    const id = String(created.data.id);
    expect((await upload(id, zip({ 'index.html': 'hi' }))).status).toBe(409);
    api.advance(10);
    const accepted = await real(await upload(id, zip({ 'index.html': '<h1>up</h1>', 'a/b.css': 'x' })), 'POST /api/v1/static-sites/{staticSite}/deploy', 202);
    expect(accepted).toEqual({ message: 'Deployment initiated.', site_id: id, status: 'building' });
    expect(await site(id)).toMatchObject({ status: 'building', deployment_count: 1, status_details: { summary: 'in_progress', operation: { terminal: false } } });
    expect((await upload(id, zip({ 'index.html': 'again' }))).status).toBe(409);
    api.advance(31);
    expect((await site(id)).status).toBe('deploying');
    api.advance(10);
    expect(await site(id)).toMatchObject({ status: 'active', status_label: 'Active', status_details: { summary: 'ready', operation: { state: 'succeeded', terminal: true } } });
    const deps = (await real<{ data: Obj[] }>(await api.get(`/api/v1/static-sites/${id}/deployments`), 'GET /api/v1/static-sites/{staticSite}/deployments', 200)).data;
    expect(deps[0]).toMatchObject({ revision_number: 1, status: 'active', is_current: true, file_count: 2 });
  });

  test('deploy: no file, not a ZIP → 422 {message, errors.file}; no index.html → the build fails', async () => {
    for (const bytes of [null, new TextEncoder().encode('just text')]) {
      const b = await real<{ errors: Obj }>(await upload(SITES.docs, bytes), 'POST /api/v1/static-sites/{staticSite}/deploy', 422);
      expect(Object.keys(b.errors)).toEqual(['file']);
    }
    await real(await upload(SITES.landing, zip({ 'about.html': 'x' })), 'POST /api/v1/static-sites/{staticSite}/deploy', 202);
    api.advance(31);
    const landing = await site(SITES.landing);
    // Nothing served before: a failed first build is a failure, not a degradation.
    expect(landing.status_details).toMatchObject({ summary: 'failed', error: { code: 'static_site.build_failed', message: expect.stringContaining('index.html') } });
  });

  test('activate an earlier deployment (202); a failed one has no image (422 {error})', async () => {
    const deps = (await body<{ data: Array<{ id: string; revision_number: number }> }>(await api.get(`/api/v1/static-sites/${SITES.docs}/deployments`))).data;
    const r1 = deps.find((d) => d.revision_number === 1)!;
    const a = await real<{ message: string }>(
      await api.send('POST', `/api/v1/static-sites/${SITES.docs}/deployments/${r1.id}/activate`),
      'POST /api/v1/static-sites/{staticSite}/deployments/{deployment}/activate',
      202,
    );
    expect(a.message).toBe('Rollback to revision 1 initiated.');
    api.advance(11);
    const now = (await body<{ data: Array<{ revision_number: number; is_current: boolean }> }>(await api.get(`/api/v1/static-sites/${SITES.docs}/deployments`))).data;
    expect(now.find((d) => d.is_current)?.revision_number).toBe(1);
    const blogDeps = (await body<{ data: Array<{ id: string; status: string }> }>(await api.get(`/api/v1/static-sites/${SITES.blog}/deployments`))).data;
    const failed = blogDeps.find((d) => d.status === 'failed')!;
    const refused = await real<{ error: string }>(
      await api.send('POST', `/api/v1/static-sites/${SITES.blog}/deployments/${failed.id}/activate`),
      'POST /api/v1/static-sites/{staticSite}/deployments/{deployment}/activate',
      422,
    );
    expect(refused.error).toBe('This deployment cannot be activated because it has no image.');
  });

  test('domains: add (201), taken or malformed (422), verify (202) → verified then TLS issued; .invalid never verifies; remove', async () => {
    const added = await real<{ data: { id: string } }>(
      await api.send('POST', `/api/v1/static-sites/${SITES.landing}/domains`, { domain: 'Launch.Acme.test' }),
      'POST /api/v1/static-sites/{staticSite}/domains',
      201,
    );
    expect(added.data).toMatchObject({ domain: 'launch.acme.test', verification_status: 'pending', is_primary: true });
    for (const domain of ['docs.acme.test', 'not a domain', '']) {
      await real(await api.send('POST', `/api/v1/static-sites/${SITES.landing}/domains`, { domain }), 'POST /api/v1/static-sites/{staticSite}/domains', 422);
    }
    const verify = `/api/v1/static-sites/${SITES.landing}/domains/${added.data.id}/verify`;
    await real(await api.send('POST', verify), 'POST /api/v1/static-sites/{staticSite}/domains/{domain}/verify', 202);
    const domain = async () => (await body<{ data: Obj[] }>(await api.get(`/api/v1/static-sites/${SITES.landing}/domains`))).data[0];
    expect(await domain()).toMatchObject({ verification_status: 'verifying' });
    api.advance(21);
    expect(await domain()).toMatchObject({ verification_status: 'verified', tls_status: 'provisioning' });
    api.advance(40);
    expect(await domain()).toMatchObject({ tls_status: 'issued', deployment_status: 'deployed' });
    const bad = await body<{ data: { id: string } }>(await api.send('POST', `/api/v1/static-sites/${SITES.landing}/domains`, { domain: 'www.nowhere.invalid' }));
    await api.send('POST', `/api/v1/static-sites/${SITES.landing}/domains/${bad.data.id}/verify`);
    api.advance(21);
    expect((await body<{ data: Obj[] }>(await api.get(`/api/v1/static-sites/${SITES.landing}/domains`))).data[1]).toMatchObject({ verification_status: 'failed' });
    await real(await api.send('DELETE', `/api/v1/static-sites/${SITES.landing}/domains/${bad.data.id}`), 'DELETE /api/v1/static-sites/{staticSite}/domains/{domain}', 200);
    await real(await api.send('DELETE', `/api/v1/static-sites/${SITES.landing}/domains/${bad.data.id}`), 'DELETE /api/v1/static-sites/{staticSite}/domains/{domain}', 404);
  });

  test('delete: 200 {message}; refused while building (422 {error, status}); gone (404) once it ends', async () => {
    await upload(SITES.docs, zip({ 'index.html': 'x' }));
    const refused = await real<{ status: string }>(await api.send('DELETE', `/api/v1/static-sites/${SITES.docs}`), 'DELETE /api/v1/static-sites/{staticSite}', 422);
    expect(refused.status).toBe('building');
    const ok = await real(await api.send('DELETE', `/api/v1/static-sites/${SITES.landing}`), 'DELETE /api/v1/static-sites/{staticSite}', 200);
    expect(ok).toEqual({ message: 'Static site deletion initiated.' });
    expect((await site(SITES.landing)).status_details).toMatchObject({ summary: 'deleting' });
    api.advance(16);
    await real(await api.get(`/api/v1/static-sites/${SITES.landing}`), SITE, 404);
  });

  test('permissions: the default token reads (static-site:read) but cannot deploy', async () => {
    await real(await api.get('/api/v1/static-sites', { token: api.sim.tokens.default }), 'GET /api/v1/static-sites', 200);
    expect((await api.send('DELETE', `/api/v1/static-sites/${SITES.docs}`, undefined, { token: api.sim.tokens.default })).status).toBe(403);
  });
});

describe('webhooks', () => {
  test('config, its update (the secret only when created), regeneration, deliveries; 403 without webhook:read', async () => {
    expect(await real(await api.get('/api/v1/webhooks/config'), 'GET /api/v1/webhooks/config', 200)).toEqual({ webhook_url: 'https://hooks.acme.test/infra', webhook_enabled: true, has_secret: true });
    const off = await real<Obj>(await api.send('PUT', '/api/v1/webhooks/config', { webhook_url: 'https://hooks.acme.test/infra', webhook_enabled: false }), 'PUT /api/v1/webhooks/config', 200);
    expect(off).toMatchObject({ webhook_enabled: false, webhook_secret: null });
    const regen = await real<{ webhook_secret: string }>(await api.send('POST', '/api/v1/webhooks/config/regenerate-secret'), 'POST /api/v1/webhooks/config/regenerate-secret', 200);
    expect(regen.webhook_secret).toMatch(/^whsec_[0-9a-f]{32}$/);
    const first = await real<Obj>(await api.send('PUT', '/api/v1/webhooks/config', { webhook_url: 'https://staging.acme.test/h' }, { team: 2 }), 'PUT /api/v1/webhooks/config', 200);
    expect(first).toMatchObject({ webhook_enabled: true, webhook_secret: expect.stringMatching(/^whsec_/) });
    const again = await real<Obj>(await api.send('PUT', '/api/v1/webhooks/config', { webhook_url: 'https://staging.acme.test/h2' }, { team: 2 }), 'PUT /api/v1/webhooks/config', 200);
    expect(again.webhook_secret).toBeNull();
    for (const b of [{}, { webhook_url: 'not a url' }, { webhook_url: 'https://x.test', webhook_enabled: 'yes' }]) {
      await real(await api.send('PUT', '/api/v1/webhooks/config', b), 'PUT /api/v1/webhooks/config', 422);
    }
    const deliveries = await real<{ data: Obj[] }>(await api.get('/api/v1/webhooks/deliveries'), 'GET /api/v1/webhooks/deliveries', 200);
    expect(deliveries.data.map((d) => d.id)).toEqual([9003, 9002, 9001]);
    await real(await api.get('/api/v1/webhooks/config', { token: api.sim.tokens.default }), 'GET /api/v1/webhooks/config', 403);
  });
});

describe('recovery points by hand and clones', () => {
  const list = async (p: string) => (await body<{ data: Array<Obj & { id: number }> }>(await api.get(`/api/v1/snapshots/${p}`))).data;

  test('create (201, creating → available), a name ending -fail fails; 422 for an unknown resource', async () => {
    const s = await real<{ snapshot: { id: number; status: string } }>(
      await api.send('POST', '/api/v1/snapshots/vps', { vps_instance_id: SEED_IDS.vps[0], name: 'before-upgrade' }),
      'POST /api/v1/snapshots/vps',
      201,
    );
    expect(s.snapshot).toMatchObject({ status: 'creating', origin: 'manual', state: 'creating' });
    await real(await api.send('POST', '/api/v1/snapshots/cache', { cache_instance_id: SEED_IDS.redis, name: 'x-fail' }), 'POST /api/v1/snapshots/cache', 201);
    await real(
      await api.send('POST', '/api/v1/snapshots/database', { database_instance_id: SEED_IDS.postgres, name: 'pre-migration', description: 'schema 2' }),
      'POST /api/v1/snapshots/database',
      201,
    );
    await real(await api.send('POST', '/api/v1/snapshots/vps', { vps_instance_id: SEED_IDS.postgres, name: 'x' }), 'POST /api/v1/snapshots/vps', 422);
    api.advance(121);
    expect((await list('vps')).find((p) => p.id === s.snapshot.id)).toMatchObject({ status: 'completed', state: 'available' });
    expect((await list('cache')).find((p) => p.name === 'x-fail')).toMatchObject({ status: 'failed', state: 'failed' });
    for (const p of ['vps', 'cache', 'database']) await real(await api.get(`/api/v1/snapshots/${p}`), `GET /api/v1/snapshots/${p}`, 200);
  });

  test('delete: 200 {message}, the point reads deleting, then it is gone', async () => {
    const op = 'DELETE /api/v1/snapshots/cache/{cacheSnapshot}';
    expect(await real(await api.send('DELETE', `/api/v1/snapshots/cache/${SEED_IDS.snapshots.cache.redis}`), op, 200)).toEqual({ message: 'Cache snapshot deletion initiated' });
    expect((await list('cache')).find((p) => p.id === SEED_IDS.snapshots.cache.redis)?.status).toBe('deleting');
    api.advance(31);
    expect((await list('cache')).some((p) => p.id === SEED_IDS.snapshots.cache.redis)).toBe(false);
    await real(await api.send('DELETE', `/api/v1/snapshots/cache/${SEED_IDS.snapshots.cache.redis}`), op, 404);
  });

  test('clone: a new cache or database (201 {message, instance}) that provisions; taken names; operator-managed and unready points refused', async () => {
    const cache = await real<{ instance: { id: string; status: string } }>(
      await api.send('POST', `/api/v1/snapshots/cache/${SEED_IDS.snapshots.cache.redis}/clone`, { name: 'sessions-copy', source_type: 'volume_snapshot' }),
      'POST /api/v1/snapshots/cache/{cacheSnapshot}/clone',
      201,
    );
    expect(cache.instance.status).toBe('restoring');
    await real(
      await api.send('POST', `/api/v1/snapshots/cache/${SEED_IDS.snapshots.cache.redis}/clone`, { name: 'sessions-copy', source_type: 'volume_snapshot' }),
      'POST /api/v1/snapshots/cache/{cacheSnapshot}/clone',
      409,
    );
    const db = await real<{ instance: { id: string; database_name: string } }>(
      await api.send('POST', `/api/v1/snapshots/database/${SEED_IDS.snapshots.database.postgres}/clone`, { name: 'orders-copy', source_type: 'volume_snapshot', database_name: 'orders' }),
      'POST /api/v1/snapshots/database/{databaseSnapshot}/clone',
      201,
    );
    expect(db.instance.database_name).toBe('orders');
    await real(
      await api.send('POST', `/api/v1/snapshots/database/${SEED_IDS.snapshots.database.postgres}/clone`, { name: 'Bad Name', source_type: 'volume_snapshot' }),
      'POST /api/v1/snapshots/database/{databaseSnapshot}/clone',
      422,
    );
    for (const [p, id] of [
      ['cache', SEED_IDS.snapshots.cache.dragonfly],
      ['database', SEED_IDS.snapshots.database.mysqlFailed],
    ] as const) {
      expect((await body<{ error: string }>(await api.send('POST', `/api/v1/snapshots/${p}/${id}/clone`, { name: 'nope', source_type: 'volume_snapshot' }))).error).toBeTruthy();
    }
    expect((await api.send('POST', `/api/v1/snapshots/vps/${SEED_IDS.snapshots.vps.daily}/clone`, { name: 'x', source_type: 'volume_snapshot' })).status).toBe(404);
    const show = async () => (await real<{ instance: Obj }>(await api.get(`/api/v1/cache/${cache.instance.id}`), 'GET /api/v1/cache/{cacheInstance}', 200)).instance;
    expect(await show()).toMatchObject({ status: 'restoring', status_details: { summary: 'in_progress', operation: { terminal: false } } });
    api.advance(181);
    expect(await show()).toMatchObject({ status: 'running', status_label: 'Running', status_details: { summary: 'ready', operation: { state: 'succeeded', terminal: true } } });
  });

  test('a restore shows in the resource it replaces, and in its operation (state, terminal)', async () => {
    const a = await body<{ operation_id: string }>(
      await api.send('POST', `/api/v1/snapshots/vps/${SEED_IDS.snapshots.vps.daily}/restore`, { confirm_name: 'vps-01' }, { headers: { 'idempotency-key': 'k1' } }),
    );
    const vps = async () => (await body<{ instance: Obj }>(await api.get(`/api/v1/vps/${SEED_IDS.vps[0]}`))).instance;
    expect(await vps()).toMatchObject({ status: 'restoring', status_details: { summary: 'in_progress' } });
    expect((await body<{ data: unknown }>(await api.get(`/api/v1/operations/${a.operation_id}`))).data).toMatchObject({ kind: 'restore', state: 'running', terminal: false });
    api.advance(6 * 60 + 1);
    expect(await vps()).toMatchObject({ status: 'running', status_details: { summary: 'ready' } });
    expect((await body<{ data: unknown }>(await api.get(`/api/v1/operations/${a.operation_id}`))).data).toMatchObject({
      kind: 'restore',
      state: 'succeeded',
      terminal: true,
      result: 'succeeded',
      error: null,
    });
    await body(await api.send('POST', `/api/v1/snapshots/database/${SEED_IDS.snapshots.database.mysql}/restore`, { confirm_name: 'shop-mysql' }));
    const mysql = await real<{ instance: Obj }>(await api.get(`/api/v1/database/${SEED_IDS.mysql}`), 'GET /api/v1/database/{databaseInstance}', 200);
    expect(mysql.instance).toMatchObject({ status: 'restoring', status_label: 'Restoring' });
  });
});
