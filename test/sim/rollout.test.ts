// The container rollout state machine (spec 2.3, 3.1; contract 6 and 11), stepped with the sim clock.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { ContainerAnswer, envelopeOf, RevisionsData, ValidationErrorBody } from '../../src/client/schemas.js';
import { body, startApi, type Api } from './helpers.js';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.sim.close());
beforeEach(() => api.sim.world.reset());

const IMG = 'registry.sim.local/acme/app';
const get = async (id: number) => ContainerAnswer.parse(await body(await api.get(`/api/v1/serverless/${id}`))).container;
const revisions = async (id: number) => envelopeOf(RevisionsData).parse(await body(await api.get(`/api/v1/serverless/${id}/revisions`))).data;
async function create(name: string, image: string) {
  const res = await api.send('POST', '/api/v1/serverless', { name, image_url: image, port: 8080 });
  expect(res.status).toBe(201);
  return ContainerAnswer.parse(await body(res)).container;
}

describe('rollout of a change', () => {
  test('create: queued, then running with observed_generation, then ready with all traffic', async () => {
    const c = await create('fresh', `${IMG}:1.0`);
    expect(c.spec_generation).toBe(1);
    expect(c.observed_generation).toBe(0);
    expect(c.status_details).toMatchObject({ summary: 'pending', operation: { state: 'queued', terminal: false } });
    const id = Number(c.id);
    api.advance(2);
    const running = await get(id);
    expect(running.observed_generation).toBe(1);
    expect(running.status_details).toMatchObject({ summary: 'in_progress', health: 'unknown', operation: { state: 'running', terminal: false } });
    const during = await revisions(id);
    expect(during.revisions[0]?.conditions.find((x) => x.type === 'Ready')?.status).toBe('Unknown');
    api.advance(10);
    const done = await get(id);
    expect(done.status_details).toMatchObject({ summary: 'ready', health: 'healthy', operation: { state: 'succeeded', terminal: true } });
    const after = await revisions(id);
    expect(after.revisions[0]).toMatchObject({ name: 'fresh-00001', traffic_percent: 100, generation: 1 });
    expect(after.route?.conditions?.find((x) => x.type === 'IngressReady')?.status).toBe('True');
  });

  test('update of a settled container: queued while the settled status describes the previous rollout; legacy status stays running', async () => {
    const res = await api.send('PUT', '/api/v1/serverless/101', { image_url: `${IMG}:2.0` });
    expect(res.status).toBe(200);
    const c = ContainerAnswer.parse(await body(res)).container;
    expect(c.spec_generation).toBe(4);
    expect(c.observed_generation).toBe(3);
    expect(c.status_details).toMatchObject({ summary: 'ready', operation: { state: 'queued', terminal: false } });
    api.advance(2);
    const mid = await get(101);
    expect(mid.status).toBe('running');
    expect(mid.status_details.summary).toBe('in_progress');
    expect((await revisions(101)).revisions.find((r) => r.name === 'web-00003')?.traffic_percent).toBe(100);
    api.advance(10);
    expect((await get(101)).status_details.summary).toBe('ready');
    expect((await revisions(101)).revisions.map((r) => [r.name, r.traffic_percent])).toEqual([
      ['web-00004', 100], ['web-00003', 0], ['web-00002', 0], ['web-00001', 0],
    ]);
  });

  test('changes sent before a queued rollout starts are merged; redeploy answers its spec_generation', async () => {
    await api.send('PUT', '/api/v1/serverless/101', { image_url: `${IMG}:2.0` });
    api.advance(1);
    const r = ContainerAnswer.parse(await body(await api.send('POST', '/api/v1/serverless/101/redeploy')));
    expect(r.container.spec_generation).toBe(5);
    api.advance(1);
    expect((await get(101)).observed_generation).toBe(5);
    api.advance(10);
    const done = await get(101);
    expect(done.status_details.operation).toEqual({ state: 'succeeded', terminal: true });
    expect((await revisions(101)).revisions).toHaveLength(4);
  });

  test('a change sent during a rollout waits for it, then starts (one at a time, in order)', async () => {
    await api.send('PUT', '/api/v1/serverless/101', { image_url: `${IMG}:2.0` });
    api.advance(3);
    await api.send('PUT', '/api/v1/serverless/101', { image_url: `${IMG}:3.0` });
    const during = await get(101);
    expect(during.spec_generation).toBe(5);
    expect(during.observed_generation).toBe(4);
    expect(during.status_details.operation.state).toBe('running');
    api.advance(9); // first rollout ends at +12 s; the queued one starts right then
    const next = await get(101);
    expect(next.observed_generation).toBe(5);
    expect(next.status_details.operation).toEqual({ state: 'running', terminal: false });
    api.advance(10);
    expect((await get(101)).status_details.summary).toBe('ready');
    expect((await revisions(101)).revisions[0]).toMatchObject({ name: 'web-00005', image_url: `${IMG}:3.0` });
  });
});

describe('failures by image tag', () => {
  const table: Array<[string, string, boolean, string]> = [
    ['missing', 'serverless.image_not_found', false, 'ContainerMissing'],
    ['private', 'serverless.image_pull_auth', false, 'ContainerMissing'],
    ['arm64', 'serverless.image_arch_mismatch', false, 'ExitCode1'],
    ['flaky', 'serverless.image_pull_unknown', true, 'ImagePullBackOff'],
    ['badconfig', 'serverless.config_error', false, 'RevisionFailed'],
    ['crash', 'serverless.crash_loop', false, 'CrashLoopBackOff'],
    ['oom', 'serverless.oom_killed', false, 'OOMKilled'],
  ];
  test.each(table)(':%s on a new container → failed with %s', async (tag, code, retryable, reason) => {
    const c = await create(`t-${tag}`, `${IMG}:${tag}`);
    api.advance(12);
    const s = await get(Number(c.id));
    expect(s.status_details).toMatchObject({
      summary: 'failed',
      operation: { state: 'failed', terminal: true },
      error: { code, retryable, reason, source: 'reconciler', resource: { kind: 'Revision', name: `t-${tag}-00001` } },
    });
    expect(typeof s.status_details.error?.observed_at).toBe('string');
  });

  test('a failing update while an older revision serves → degraded (terminal), previous keeps 100%', async () => {
    await api.send('PUT', '/api/v1/serverless/101', { image_url: `${IMG}:oom` });
    api.advance(12);
    const s = await get(101);
    expect(s.status_details).toMatchObject({ summary: 'degraded', health: 'healthy', operation: { state: 'failed', terminal: true }, error: { code: 'serverless.oom_killed' } });
    expect(s.status).toBe('running');
    const revs = await revisions(101);
    expect(revs.revisions.map((r) => r.traffic_percent)).toEqual([0, 100, 0, 0]);
  });

  test(':missing → Revision Ready=False ContainerMissing with zero replicas', async () => {
    const c = await create('gone', `${IMG}:missing`);
    api.advance(12);
    const rev = (await revisions(Number(c.id))).revisions[0];
    expect(rev).toMatchObject({ actual_replicas: 0, traffic_percent: 0 });
    expect(rev?.conditions.find((x) => x.type === 'Ready')).toMatchObject({ status: 'False', reason: 'ContainerMissing' });
  });

  test(':slow fails with progress_deadline only after 60 sim-seconds', async () => {
    const c = await create('slowpoke', `${IMG}:slow`);
    api.advance(32);
    expect((await get(Number(c.id))).status_details.operation.terminal).toBe(false);
    api.advance(30);
    expect((await get(Number(c.id))).status_details).toMatchObject({ summary: 'failed', error: { code: 'serverless.progress_deadline', retryable: true } });
  });

  test(':cancel → operation cancelled; the previous revision keeps serving', async () => {
    await api.send('PUT', '/api/v1/serverless/101', { image_url: `${IMG}:cancel` });
    api.advance(6);
    expect((await get(101)).status_details).toMatchObject({ summary: 'ready', operation: { state: 'cancelled', terminal: true } });
  });

  test(':noingress → succeeded and ready, health unhealthy, Route IngressReady False', async () => {
    await api.send('PUT', '/api/v1/serverless/101', { image_url: `${IMG}:noingress` });
    api.advance(12);
    const s = await get(101);
    expect(s.status_details).toMatchObject({ summary: 'ready', health: 'unhealthy', operation: { state: 'succeeded', terminal: true } });
    expect(s.status_details.error).toBeUndefined();
    const revs = await revisions(101);
    expect(revs.revisions[0]?.conditions.find((x) => x.type === 'Ready')?.status).toBe('True');
    expect(revs.route?.ready).toBe(false);
    expect(revs.route?.conditions?.find((x) => x.type === 'IngressReady')).toMatchObject({ status: 'False', reason: 'IngressNotConfigured' });
  });
});

describe('seeded containers', () => {
  test('web, api, worker, edge, batch, cron have their documented states', async () => {
    const web = await get(101);
    expect([web.status_details.summary, web.spec_generation, (await revisions(101)).revisions.length]).toEqual(['ready', 3, 3]);
    expect((await get(102)).status_details).toMatchObject({ summary: 'degraded', error: { code: 'serverless.crash_loop' } });
    expect((await get(103)).status_details).toMatchObject({ summary: 'failed', error: { code: 'serverless.image_not_found', reason: 'ContainerMissing' } });
    expect((await get(104)).status_details).toMatchObject({ summary: 'ready', health: 'unhealthy' });
    expect((await get(105)).status_details).toMatchObject({ summary: 'in_progress', operation: { state: 'running', terminal: false } });
    const cron = await get(106);
    expect([cron.status, cron.status_details.summary]).toEqual(['stopped', 'stopped']);
    expect((await revisions(106)).revisions[0]?.actual_replicas).toBe(0);
    api.advance(8);
    expect((await get(105)).status_details.summary).toBe('ready');
  });

  test('stale fault: stale true and the summary frozen at the last known value', async () => {
    await api.control('/_sim/faults', { stale: true });
    const before = await get(105);
    api.advance(30);
    const s = await get(105);
    expect(s.status_details).toMatchObject({ stale: true, summary: 'in_progress' });
    expect(s.status_details.observed_at).toBe(before.status_details.observed_at);
    await api.control('/_sim/faults', { stale: false });
    expect((await get(105)).status_details).toMatchObject({ stale: false, summary: 'ready' });
  });
});

describe('container requests', () => {
  test('validation errors are 422 with field errors', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'x1', image_url: 'Not A Ref!!' }, 'image_url'],
      [{ name: 'x2', image_url: `${IMG}:1`, port: 0 }, 'port'],
      [{ name: 'x3', image_url: `${IMG}:1`, port: 70000 }, 'port'],
      [{ name: 'x4', image_url: `${IMG}:1`, min_instances: 5, max_instances: 2 }, 'min_instances'],
      [{ name: 'web', image_url: `${IMG}:1` }, 'name'],
      [{ image_url: `${IMG}:1` }, 'name'],
      [{ name: 'x5', image_url: `${IMG}:1`, environment_variables: ['A=1'] }, 'environment_variables'],
    ];
    for (const [b, field] of cases) {
      const res = await api.send('POST', '/api/v1/serverless', b);
      expect(res.status, JSON.stringify(b)).toBe(422);
      expect(Object.keys(ValidationErrorBody.parse(await body(res)).errors ?? {})).toContain(field);
    }
    const put = await api.send('PUT', '/api/v1/serverless/101', { max_instances: 0 });
    expect(put.status).toBe(422);
  });

  test('non-numeric and unknown ids are 404; delete is 204 and the container is gone', async () => {
    expect((await api.get('/api/v1/serverless/web')).status).toBe(404);
    expect((await api.get('/api/v1/serverless/99999')).status).toBe(404);
    const del = await api.send('DELETE', '/api/v1/serverless/106');
    expect(del.status).toBe(204);
    expect(await del.text()).toBe('');
    expect((await api.get('/api/v1/serverless/106')).status).toBe(404);
  });

  test('create and update carry environment variables and scaling', async () => {
    const c = await create('envy', `${IMG}:1.0`);
    const res = await api.send('PUT', `/api/v1/serverless/${c.id}`, { environment_variables: { A: '1' }, min_instances: 1, max_instances: 4 });
    const u = ContainerAnswer.parse(await body(res));
    expect(u.container).toMatchObject({ environment_variables: { A: '1' }, min_instances: 1, max_instances: 4, spec_generation: 2 });
    expect(u.url).toBe('https://envy-main.containers.sim.local');
  });
});
