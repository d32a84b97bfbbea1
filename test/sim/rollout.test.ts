// The container rollout state machine (spec 2.3, 3.1; contract 6 and 11), stepped with the sim clock.
import { describe, expect, test } from 'vitest';
import * as S from './shapes.js';
import { body, createBody, IMG, parsed, SEED_IDS, simApi, useSimulator, type SimApi } from '../helpers/sim.js';

let api: SimApi;
useSimulator((sim) => (api = simApi(sim)));

const WEB = SEED_IDS.web;
const get = async (id: string) => (await parsed(await api.get(`/api/v1/serverless/${id}`), S.ContainerShow)).container;
const revisions = async (id: string) => (await parsed(await api.get(`/api/v1/serverless/${id}/revisions`), S.envelopeOf(S.RevisionsData))).data;
const traffic = async (id: string) => (await revisions(id)).route?.traffic ?? [];
async function create(name: string, tag: string) {
  return (await parsed(await api.send('POST', '/api/v1/serverless', createBody(name, tag)), S.ContainerCreated, 201)).container;
}
const update = async (id: string, b: Record<string, unknown>) => (await parsed(await api.send('PUT', `/api/v1/serverless/${id}`, b), S.ContainerUpdated)).container;

describe('rollout of a change', () => {
  test('create: queued, then running with observed_generation, then ready with all traffic', async () => {
    const c = await create('fresh', '1.0');
    expect([c.spec_generation, c.observed_generation]).toEqual([1, 0]);
    expect(c.status_details).toMatchObject({ summary: 'pending', operation: { state: 'queued', terminal: false } });
    api.advance(2);
    const running = await get(c.id);
    expect(running.observed_generation).toBe(1);
    expect(running.status_details).toMatchObject({ summary: 'in_progress', health: 'unknown', operation: { state: 'running', terminal: false } });
    expect((await revisions(c.id)).revisions[0]?.conditions.find((x) => x.type === 'Ready')?.status).toBe('Unknown');
    api.advance(10);
    const done = await get(c.id);
    expect(done.status_details).toMatchObject({ summary: 'ready', health: 'healthy', operation: { state: 'succeeded', terminal: true }, error: null });
    const after = await revisions(c.id);
    expect(after.revisions[0]).toMatchObject({ name: 'fresh-00001', generation: 1, is_latest_created: true, is_latest_ready: true });
    expect(after.route?.traffic).toEqual([{ revision_name: 'fresh-00001', percent: 100, latest_revision: true }]);
    expect(after.route?.conditions.find((x) => x.type === 'IngressReady')?.status).toBe('True');
    expect(after.service).toMatchObject({ latest_created_revision: 'fresh-00001', latest_ready_revision: 'fresh-00001' });
  });

  test('update of a settled container: queued while the settled status describes the previous rollout', async () => {
    const c = await update(WEB, { image_tag: '2.0' });
    expect([c.spec_generation, c.observed_generation]).toEqual([4, 3]);
    expect(c.status_details).toMatchObject({ summary: 'ready', operation: { state: 'queued', terminal: false } });
    api.advance(2);
    const mid = await get(WEB);
    expect(mid.status).toBe('running');
    expect(mid.status_details.summary).toBe('in_progress');
    expect(await traffic(WEB)).toEqual([{ revision_name: 'web-00003', percent: 100, latest_revision: true }]);
    api.advance(10);
    expect((await get(WEB)).status_details.summary).toBe('ready');
    const revs = await revisions(WEB);
    expect(revs.revisions.map((r) => r.name)).toEqual(['web-00004', 'web-00003', 'web-00002', null]);
    expect(revs.route?.traffic).toEqual([{ revision_name: 'web-00004', percent: 100, latest_revision: true }]);
  });

  test('changes sent before a queued rollout starts are merged; redeploy while queued is refused', async () => {
    await update(WEB, { image_tag: '2.0' });
    api.advance(1);
    const again = await update(WEB, { port: 9090 });
    expect(again.spec_generation).toBe(5);
    const refused = await api.send('POST', `/api/v1/serverless/${WEB}/redeploy`);
    expect(refused.status).toBe(409);
    expect(await body(refused)).toEqual({ error: 'A deployment is already in progress. Cancel it first if you want to retry.' });
    api.advance(1);
    expect((await get(WEB)).observed_generation).toBe(5);
    api.advance(10);
    expect((await get(WEB)).status_details.operation).toEqual({ state: 'succeeded', terminal: true });
    expect((await revisions(WEB)).revisions).toHaveLength(4);
  });

  test('a change sent during a rollout waits for it, then starts (one at a time, in order)', async () => {
    await update(WEB, { image_tag: '2.0' });
    api.advance(3);
    const during = await update(WEB, { image_tag: '3.0' });
    expect([during.spec_generation, during.observed_generation]).toEqual([5, 4]);
    expect(during.status_details.operation.state).toBe('running');
    api.advance(9); // first rollout ends at +12 s; the queued one starts right then
    const next = await get(WEB);
    expect(next.observed_generation).toBe(5);
    expect(next.status_details.operation).toEqual({ state: 'running', terminal: false });
    api.advance(10);
    expect((await get(WEB)).status_details.summary).toBe('ready');
    const deployments = await parsed(await api.get(`/api/v1/serverless/${WEB}/deployments`), S.listOf(S.Deployment));
    // the repository in image, the tag apart (never image:tag:tag in the provider's client)
    expect(deployments.data[0]).toMatchObject({ revision_name: 'web-00005', image: 'registry.sim.local/acme/web', image_tag: '3.0', is_current: true, traffic_percent: 100, status: 'active' });
  });

  test('redeploy: 202 without a container, numbering the change; then a new rollout of the same spec', async () => {
    const res = await api.send('POST', `/api/v1/serverless/${WEB}/redeploy`);
    const r = await parsed(res, S.Redeployed, 202);
    expect(r).toEqual({ message: 'Redeployment initiated. A new revision will be created with the latest image.', container_id: WEB, status: 'provisioning', spec_generation: 4 });
    const c = await get(WEB);
    expect([c.spec_generation, c.observed_generation, c.status_details.operation.state]).toEqual([4, 3, 'queued']);
    api.advance(12);
    expect((await get(WEB)).current_revision).toBe('web-00004');
  });
});

describe('failures by image tag', () => {
  const table: Array<[string, string, boolean, string, string]> = [
    ['missing', 'serverless.image_not_found', false, 'ContainerMissing', 'image'],
    ['private', 'serverless.image_pull_auth', false, 'ContainerMissing', 'image'],
    ['arm64', 'serverless.image_arch_mismatch', false, 'ExitCode1', 'image'],
    ['flaky', 'serverless.image_pull_unknown', true, 'ImagePullBackOff', 'image'],
    ['badconfig', 'serverless.config_error', false, 'RevisionFailed', 'configuration'],
    ['crash', 'serverless.crash_loop', false, 'CrashLoopBackOff', 'runtime'],
    ['oom', 'serverless.oom_killed', false, 'OOMKilled', 'runtime'],
  ];
  test.each(table)(':%s on a new container → failed with %s', async (tag, code, retryable, reason, category) => {
    const c = await create(`t-${tag}`, tag);
    api.advance(12);
    const s = await get(c.id);
    expect(s.status_details).toMatchObject({
      summary: 'failed',
      operation: { state: 'failed', terminal: true },
      error: { code, retryable, reason, source: 'reconciler', resource: { kind: 'Revision', name: `t-${tag}-00001` } },
    });
    expect(s.error_category).toBe(category);
    expect(s.last_error).toBe(s.status_details.error?.message);
  });

  test('a failing update while an older revision serves → degraded (terminal), previous keeps 100%', async () => {
    await update(WEB, { image_tag: 'oom' });
    api.advance(12);
    const s = await get(WEB);
    expect(s.status_details).toMatchObject({ summary: 'degraded', health: 'healthy', operation: { state: 'failed', terminal: true }, error: { code: 'serverless.oom_killed' } });
    expect(s.status).toBe('running');
    expect(await traffic(WEB)).toEqual([{ revision_name: 'web-00003', percent: 100, latest_revision: true }]);
    const revs = await revisions(WEB);
    expect(revs.revisions.map((r) => [r.is_latest_created, r.is_latest_ready])).toEqual([
      [true, false],
      [false, true],
      [false, false],
      [false, false],
    ]);
  });

  test(':missing → Revision Ready=False ContainerMissing with zero replicas', async () => {
    const c = await create('gone', 'missing');
    api.advance(12);
    const revs = await revisions(c.id);
    expect(revs.revisions[0]).toMatchObject({ actual_replicas: 0 });
    expect(revs.revisions[0]?.conditions.find((x) => x.type === 'Ready')).toMatchObject({ status: 'False', reason: 'ContainerMissing' });
    expect(revs.route?.traffic).toEqual([]);
  });

  test(':slow fails with progress_deadline only after 60 sim-seconds', async () => {
    const c = await create('slowpoke', 'slow');
    api.advance(32);
    expect((await get(c.id)).status_details.operation.terminal).toBe(false);
    api.advance(30);
    expect((await get(c.id)).status_details).toMatchObject({ summary: 'failed', error: { code: 'serverless.progress_deadline', retryable: true } });
  });

  test(':cancel → operation cancelled; the previous revision keeps serving', async () => {
    await update(WEB, { image_tag: 'cancel' });
    api.advance(6);
    expect((await get(WEB)).status_details).toMatchObject({ summary: 'ready', operation: { state: 'cancelled', terminal: true } });
  });

  test(':noingress → succeeded and ready, health unhealthy, Route IngressReady False', async () => {
    await update(WEB, { image_tag: 'noingress' });
    api.advance(12);
    const s = await get(WEB);
    expect(s.status_details).toMatchObject({ summary: 'ready', health: 'unhealthy', operation: { state: 'succeeded', terminal: true }, error: null });
    const revs = await revisions(WEB);
    expect(revs.revisions[0]?.conditions.find((x) => x.type === 'Ready')?.status).toBe('True');
    expect(revs.route?.conditions.find((x) => x.type === 'Ready')?.status).toBe('False');
    expect(revs.route?.conditions.find((x) => x.type === 'IngressReady')).toMatchObject({ status: 'False', reason: 'IngressNotConfigured' });
    expect(revs.service).not.toHaveProperty('ready');
    expect(revs.route).not.toHaveProperty('ready');
  });
});

describe('seeded containers', () => {
  test('web, api, worker, edge, batch, cron have their documented states', async () => {
    const web = await get(WEB);
    expect([web.status_details.summary, web.spec_generation, web.deployment_count, web.current_revision]).toEqual(['ready', 3, 3, 'web-00003']);
    expect((await get(SEED_IDS.api)).status_details).toMatchObject({ summary: 'degraded', error: { code: 'serverless.crash_loop' } });
    expect((await get(SEED_IDS.worker)).status_details).toMatchObject({ summary: 'failed', error: { code: 'serverless.image_not_found', reason: 'ContainerMissing' } });
    expect((await get(SEED_IDS.edge)).status_details).toMatchObject({ summary: 'ready', health: 'unhealthy' });
    expect((await get(SEED_IDS.batch)).status_details).toMatchObject({ summary: 'in_progress', operation: { state: 'running', terminal: false } });
    const cron = await get(SEED_IDS.cron);
    expect([cron.status, cron.status_details.summary, cron.current_replicas]).toEqual(['stopped', 'stopped', 0]);
    expect((await revisions(SEED_IDS.cron)).revisions[0]?.actual_replicas).toBe(0);
    api.advance(8);
    expect((await get(SEED_IDS.batch)).status_details.summary).toBe('ready');
  });

  test('stale fault: stale true and the summary frozen at the last known value', async () => {
    await api.control('/_sim/faults', { stale: true });
    const before = await get(SEED_IDS.batch);
    api.advance(30);
    const s = await get(SEED_IDS.batch);
    expect(s.status_details).toMatchObject({ stale: true, summary: 'in_progress' });
    expect(s.status_details.observed_at).toBe(before.status_details.observed_at);
    await api.control('/_sim/faults', { stale: false });
    expect((await get(SEED_IDS.batch)).status_details).toMatchObject({ stale: false, summary: 'ready' });
  });
});

describe('container requests', () => {
  test('the invented fields are refused with a 422 naming them', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...createBody('x1', '1'), image_url: `${IMG}:1` }, 'image_url'],
      [{ ...createBody('x2', '1'), min_instances: 1 }, 'min_instances'],
      [{ ...createBody('x3', '1'), max_instances: 2 }, 'max_instances'],
    ];
    for (const [b, field] of cases) {
      const v = await parsed(await api.send('POST', '/api/v1/serverless', b), S.ValidationBody, 422);
      expect(Object.keys(v.errors)).toEqual([field]);
    }
    const put = await parsed(await api.send('PUT', `/api/v1/serverless/${WEB}`, { image_url: `${IMG}:2` }), S.ValidationBody, 422);
    expect(put.errors.image_url?.[0]).toMatch(/use image and image_tag/);
  });

  test('validation errors are 422 with field errors', async () => {
    const { slug: _s, ...noSlug } = createBody('x0', '1');
    const cases: Array<[Record<string, unknown>, string]> = [
      [noSlug, 'slug'],
      [createBody('Bad Slug', '1'), 'slug'],
      [{ ...createBody('x1', '1'), slug: 'a'.repeat(64) }, 'slug'],
      [createBody('web', '1'), 'slug'],
      [{ ...createBody('x2', '1'), image: `${IMG}:1` }, 'image'],
      [{ ...createBody('x3', '1'), port: 0 }, 'port'],
      [{ ...createBody('x4', '1'), min_scale: 5, max_scale: 2 }, 'min_scale'],
      [{ ...createBody('x5', '1'), resource_profile: 'xlarge' }, 'resource_profile'],
      [{ ...createBody('x6', '1'), deployment_type: 'image' }, 'deployment_type'],
      [{ ...createBody('x7', '1'), environment_variables: ['A=1'] }, 'environment_variables'],
      [{ ...createBody('x8', '1'), image: undefined }, 'image'],
    ];
    for (const [b, field] of cases) {
      const v = await parsed(await api.send('POST', '/api/v1/serverless', b), S.ValidationBody, 422);
      expect(Object.keys(v.errors), JSON.stringify(b)).toContain(field);
    }
    const empty = await parsed(await api.send('POST', '/api/v1/serverless', {}), S.ValidationBody, 422);
    expect(Object.keys(empty.errors).sort()).toEqual(['deployment_type', 'image', 'max_scale', 'min_scale', 'name', 'port', 'resource_profile', 'slug']);
    expect(empty.message).toMatch(/^The name field is required\. \(and \d+ more errors\)$/);
    expect((await api.send('PUT', `/api/v1/serverless/${WEB}`, { max_scale: 0 })).status).toBe(422);
  });

  test('names need not be unique, slugs must; ids are UUIDs from a reproducible sequence', async () => {
    const a = await create('twin', '1');
    const b = (await parsed(await api.send('POST', '/api/v1/serverless', { ...createBody('twin', '1'), slug: 'twin-2' }), S.ContainerCreated, 201)).container;
    expect([a.name, b.name]).toEqual(['twin', 'twin']);
    expect(a.id).not.toBe(b.id);
    api.sim.world.reset();
    expect((await create('twin', '1')).id).toBe(a.id);
  });

  test('git_repository and zip_upload deployments roll out from a built image', async () => {
    const git = await parsed(
      await api.send('POST', '/api/v1/serverless', {
        ...createBody('from-git', 'latest'),
        deployment_type: 'git_repository',
        image: undefined,
        image_tag: undefined,
        repository_url: 'https://git.example/acme/app.git',
      }),
      S.ContainerCreated,
      201,
    );
    expect(git.container).toMatchObject({ deployment_type: 'git_repository', image: null, repository_url: 'https://git.example/acme/app.git', source_type: 'dockerfile' });
    const noRepo = await parsed(await api.send('POST', '/api/v1/serverless', { ...createBody('no-repo', 'latest'), deployment_type: 'git_repository', image: undefined }), S.ValidationBody, 422);
    expect(Object.keys(noRepo.errors)).toEqual(['repository_url']);
    const zip = await parsed(await api.send('POST', '/api/v1/serverless', { ...createBody('from-zip', 'latest'), deployment_type: 'zip_upload', image: undefined }), S.ContainerCreated, 201);
    api.advance(12);
    for (const id of [git.container.id, zip.container.id]) {
      const c = await get(id);
      expect(c.status_details.summary).toBe('ready');
      expect(c.built_image_ref).toMatch(/^registry\.sim\.local\/main\/from-(git|zip):build-1$/);
    }
  });

  test('unknown ids are 404 {message}; delete is 200 {message} and the container is gone', async () => {
    expect((await api.get('/api/v1/serverless/web')).status).toBe(404);
    expect((await api.get('/api/v1/serverless/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await api.get(`/api/v1/serverless/${SEED_IDS.stagingWeb}`)).status).toBe(404);
    const del = await parsed(await api.send('DELETE', `/api/v1/serverless/${SEED_IDS.cron}`), S.MessageBody);
    expect(del.message).toMatch(/deletion/);
    expect((await api.get(`/api/v1/serverless/${SEED_IDS.cron}`)).status).toBe(404);
  });

  test('environment_variables on PUT replace the whole map; an empty map comes back as []', async () => {
    const c = await create('envy', '1.0');
    expect(c.environment_variables).toEqual([]);
    const u1 = await update(c.id, { environment_variables: { A: '1', B: '2' }, min_scale: 1, max_scale: 4 });
    expect(u1).toMatchObject({ environment_variables: { A: '1', B: '2' }, min_scale: 1, max_scale: 4, spec_generation: 2, scale_to_zero_enabled: false });
    const u2 = await update(c.id, { environment_variables: { C: '3' } });
    expect(u2.environment_variables).toEqual({ C: '3' });
    const u3 = await update(c.id, { environment_variables: {} });
    expect(u3.environment_variables).toEqual([]);
    const u4 = await update(c.id, { environment_variables: { D: '4' } });
    expect((await update(u4.id, { environment_variables: null })).environment_variables).toEqual([]);
    const show = await parsed(await api.get(`/api/v1/serverless/${c.id}`), S.ContainerShow);
    // The container's URL answers on the simulator's own port (container-traffic.ts).
    expect(show.url).toBe(`${api.sim.url}/containers/envy-main`);
  });
});
