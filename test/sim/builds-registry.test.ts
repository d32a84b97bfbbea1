// The simulator's builds and registry against the facts (real-api "registry" and the
// serverless deploy/builds routes): the shapes, the build's phases over sim time, its push
// and rollout, the 409 image_in_use, and the rollout of a tag the registry does not hold.
import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { zipFiles } from '../../src/shared/zip.js';
import { body, createBody, SEED_IDS, simApi, useSimulator, type SimApi, type Simulator } from '../helpers/sim.js';

let sim: Simulator;
let api: SimApi;
useSimulator((s) => ((sim = s), (api = simApi(s))));
const WEB = SEED_IDS.web;

const Build = z.strictObject({
  id: z.string(),
  build_number: z.number(),
  status: z.enum(['pending', 'cloning', 'building', 'pushing', 'succeeded', 'failed', 'cancelled']),
  source_type: z.string(),
  trigger_type: z.string(),
  built_image_ref: z.string().nullable(),
  duration_seconds: z.number().nullable(),
  error_message: z.string().nullable(),
  created_at: z.string(),
});
const Accepted = z.strictObject({
  message: z.string(),
  container_id: z.string(),
  status: z.literal('building'),
  operation: z.strictObject({
    operation_id: z.string(),
    resource_id: z.string(),
    resource_type: z.literal('serverless_container'),
    state: z.literal('queued'),
    terminal: z.boolean(),
    poll_after_ms: z.literal(3000),
    poll_url: z.string(),
  }),
});
const Tag = z.strictObject({ tag: z.string(), digest: z.string(), media_type: z.string(), bytes_size: z.number(), pushed_at: z.string().nullable() });
const Repo = z.strictObject({
  id: z.string(),
  path: z.string(),
  bytes_used: z.number(),
  tag_count: z.number(),
  keep_last_tags: z.number().nullable(),
  effective_keep_last_tags: z.number(),
  last_push_at: z.string().nullable(),
  tags: z.array(Tag).optional(),
  team_id: z.number(),
  created_at: z.string().nullable(),
});

async function upload(files: string[]): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(zipFiles(files.map((name) => ({ name, data: Buffer.from('x') }))))]), 'src.zip');
  return fetch(`${sim.url}/api/v1/serverless/${WEB}/deploy`, { method: 'POST', headers: { authorization: `Bearer ${sim.tokens.admin}`, accept: 'application/json' }, body: form });
}
const latest = async () => Build.parse((await body<{ data: unknown }>(await api.get(`/api/v1/serverless/${WEB}/builds/latest`))).data);

describe('builds', () => {
  it('202 with an operation; pending → building → pushing → succeeded; the tag is pushed and the container rolls it out', async () => {
    expect((await body(await api.get(`/api/v1/serverless/${WEB}/builds/latest`))).data).toBeNull();
    const res = await upload(['Dockerfile', 'app.js']);
    expect(res.status).toBe(202);
    Accepted.parse(await res.json());
    const seen: string[] = [];
    for (let t = 0; t < 17; t++) {
      seen.push((await latest()).status);
      api.advance(1);
    }
    expect([...new Set(seen)]).toEqual(['pending', 'building', 'pushing', 'succeeded']);
    const b = await latest();
    expect(b).toMatchObject({ build_number: 1, built_image_ref: 'registry.sim.local/acme/web:build-1', duration_seconds: 15, error_message: null });
    const tags = (await body<{ data: { tag: string }[] }>(await api.get('/api/v1/registry/repositories/web/tags'))).data;
    expect(tags[0]!.tag).toBe('build-1');
    const c = (await body<{ container: { image_tag: string; spec_generation: number } }>(await api.get(`/api/v1/serverless/${WEB}`))).container;
    expect(c.image_tag).toBe('build-1');
  });

  it('no Dockerfile, or a FAIL_BUILD file: failed with an error_message, nothing pushed; cancel only while running (422 after)', async () => {
    for (const files of [['main.py'], ['Dockerfile', 'FAIL_BUILD']]) {
      await upload(files);
      api.advance(7);
      expect(await latest()).toMatchObject({ status: 'failed', error_message: expect.any(String), built_image_ref: null });
    }
    const b = await latest();
    const late = await api.send('POST', `/api/v1/serverless/${WEB}/builds/${b.id}/cancel`);
    expect(late.status).toBe(422);
    expect(await late.json()).toEqual({ error: 'Build is not in progress.' });
    await upload(['Dockerfile']);
    const running = await latest();
    const ok = await api.send('POST', `/api/v1/serverless/${WEB}/builds/${running.id}/cancel`);
    expect(await ok.json()).toEqual({ message: 'Build cancelled.' });
    api.advance(20);
    expect(await latest()).toMatchObject({ status: 'cancelled' });
    expect(sim.world.registry.has('acme/web', `build-${running.build_number}`)).toBe(false);
  });

  it('an upload that is not a ZIP, or without file: 422', async () => {
    const form = new FormData();
    form.append('file', new Blob(['hello']), 'x.txt');
    const res = await fetch(`${sim.url}/api/v1/serverless/${WEB}/deploy`, { method: 'POST', headers: { authorization: `Bearer ${sim.tokens.admin}` }, body: form });
    expect(res.status).toBe(422);
    expect((await api.send('POST', `/api/v1/serverless/${WEB}/deploy`, {})).status).toBe(422);
  });
});

describe('registry', () => {
  it('repositories, one repository, tags, context, usage, verify-push in the real shapes', async () => {
    const list = await body<{ data: unknown[]; pagination: { total: number } }>(await api.get('/api/v1/registry/repositories?per_page=100'));
    list.data.forEach((r) => Repo.parse(r));
    expect(list.pagination.total).toBe(9);
    Repo.parse((await body<{ repository: unknown }>(await api.get('/api/v1/registry/repositories/web'))).repository);
    (await body<{ data: unknown[] }>(await api.get('/api/v1/registry/repositories/web/tags'))).data.forEach((t) => Tag.parse(t));
    const ctx = await body(await api.get('/api/v1/registry/context'));
    expect(ctx).toMatchObject({
      success: true,
      error: null,
      data: { registry_host: 'registry.sim.local', namespace: 'acme', push_prefix: 'registry.sim.local/acme', repositories: { used: 9, limit: 25, can_create: true } },
    });
    expect(await body(await api.get('/api/v1/registry/usage'))).toMatchObject({ data: { repository_count: 9, max_repositories: 25 }, meta: { unlimited_is_zero: true } });
    const no = await body(await api.get('/api/v1/registry/verify-push?repository=other/web'));
    expect(no).toMatchObject({ data: { permitted: false, provided_namespace: 'other', push_reference: null }, error: { code: 'registry.namespace_mismatch', hint: expect.any(String) } });
    expect((await api.get('/api/v1/registry/verify-push')).status).toBe(422);
  });

  it('DELETE of a tag a container runs: 409 image_in_use with in_use_by; ?force=true deletes it', async () => {
    const res = await api.send('DELETE', '/api/v1/registry/repositories/web/tags/1.2.0');
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: expect.any(String), code: 'image_in_use', force_required: true, in_use_by: [{ id: WEB, name: 'web' }] });
    expect((await api.send('DELETE', '/api/v1/registry/repositories/web/tags/1.2.0?force=true')).status).toBe(200);
    expect((await api.send('DELETE', '/api/v1/registry/repositories/web/tags/1.2.0')).status).toBe(404);
  });

  it('a rollout of a tag the registry lacks fails as image_not_found; magic tags and other registries keep their own outcomes', async () => {
    const create = async (name: string, image: string, tag: string) => {
      const r = await api.send('POST', '/api/v1/serverless', createBody(name, tag, { image }));
      expect(r.status).toBe(201);
      return ((await r.json()) as { container: { id: string } }).container.id;
    };
    const typo = await create('typo', 'registry.sim.local/acme/app', '1.4.3-typo');
    const ok = await create('fine', 'registry.sim.local/acme/app', '1.4.3');
    const ext = await create('ext', 'ghcr.io/acme/app', '9.9.9-anything');
    const crash = await create('crashy', 'registry.sim.local/acme/app', 'crash');
    api.advance(30);
    const error = async (id: string) =>
      (await body<{ container: { status_details: { error: { code: string } | null } } }>(await api.get(`/api/v1/serverless/${id}`))).container.status_details.error?.code ?? null;
    expect(await error(typo)).toBe('serverless.image_not_found');
    expect(await error(ok)).toBeNull();
    expect(await error(ext)).toBeNull();
    expect(await error(crash)).toBe('serverless.crash_loop');
  });
});
