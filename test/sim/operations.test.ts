// Operations (GET /operations/{id}), the generations switch and the freshness signals a
// client without generations relies on (observed_at, current_revision, deployment_count).
import { describe, expect, test } from 'vitest';
import * as S from './shapes.js';
import { body, createBody, parsed, SEED_IDS, simApi, startSim, useSimulator, type SimApi } from '../helpers/sim.js';

let api: SimApi;
useSimulator((sim) => (api = simApi(sim)));

const WEB = SEED_IDS.web;
const operation = async (id: string) => (await parsed(await api.get(`/api/v1/operations/${id}`), S.envelopeOf(S.Operation))).data;
const get = async (id: string) => (await parsed(await api.get(`/api/v1/serverless/${id}`), S.ContainerShow)).container;

describe('operations', () => {
  test('a create answers with its operation, readable by operation id and by container id until terminal', async () => {
    const created = await parsed(await api.send('POST', '/api/v1/serverless', createBody('opsy', '1.0')), S.ContainerCreated, 201);
    const op = created.operation;
    expect(op).toMatchObject({ resource_id: created.container.id, resource_type: 'serverless_container', state: 'queued', terminal: false, poll_after_ms: 3000 });
    expect(op.poll_url).toBe(`${api.sim.url}/api/v1/operations/${op.operation_id}`);
    const queued = await operation(op.operation_id);
    expect(queued).toMatchObject({ kind: 'deploy', state: 'queued', terminal: false, poll_after_ms: 3000, revision: null, knative_revision: null, image: null, finished_at: null, error: null });
    expect(await operation(created.container.id)).toEqual(queued);
    api.advance(2);
    expect(await operation(op.operation_id)).toMatchObject({ state: 'running', terminal: false, revision: 'opsy-00001', image: 'registry.sim.local/acme/app:1.0' });
    api.advance(10);
    const done = await operation(op.operation_id);
    expect(done).toMatchObject({ state: 'succeeded', terminal: true, poll_after_ms: null, knative_revision: 'opsy-00001', error: null });
    expect(Date.parse(done.finished_at ?? '') - Date.parse(done.started_at)).toBe(12_000);
  });

  test('one operation per change; a failed one carries the error; the container id gives the latest', async () => {
    await api.send('PUT', `/api/v1/serverless/${WEB}`, { image_tag: 'private' });
    api.advance(12);
    const latest = await operation(WEB);
    expect(latest).toMatchObject({ state: 'failed', terminal: true, error: { code: 'serverless.image_pull_auth', retryable: false, reason: null } });
    await api.send('POST', `/api/v1/serverless/${WEB}/redeploy`);
    const next = await operation(WEB);
    expect(next.operation_id).not.toBe(latest.operation_id);
    expect(next.state).toBe('queued');
    expect((await operation(latest.operation_id)).state).toBe('failed');
  });

  test('merged changes share the rollout; a queued change behind a rollout stays queued', async () => {
    await api.send('PUT', `/api/v1/serverless/${WEB}`, { image_tag: '2.0' });
    const first = await operation(WEB);
    api.advance(3);
    await api.send('PUT', `/api/v1/serverless/${WEB}`, { image_tag: '3.0' });
    const second = await operation(WEB);
    expect([(await operation(first.operation_id)).state, second.state]).toEqual(['running', 'queued']);
    api.advance(9);
    expect([(await operation(first.operation_id)).state, (await operation(second.operation_id)).state]).toEqual(['succeeded', 'running']);
  });

  test('unknown, other-team and deleted: 404 in the envelope with operation.not_found', async () => {
    for (const id of ['nope', SEED_IDS.stagingWeb]) {
      const e = await parsed(await api.get(`/api/v1/operations/${id}`), S.EnvelopeError, 404);
      expect(e).toEqual({ success: false, data: null, error: { code: 'operation.not_found', message: 'No such operation.', retryable: false }, meta: {} });
    }
    expect((await api.get(`/api/v1/operations/${SEED_IDS.stagingWeb}`, { team: 2 })).status).toBe(200);
  });
});

describe('generations switch', () => {
  const hasGenerations = (x: unknown) => JSON.stringify(x).includes('_generation"');

  test('on by default: every container answer carries spec_generation and observed_generation', async () => {
    const c = await get(WEB);
    expect([c.spec_generation, c.observed_generation]).toEqual([3, 3]);
  });

  test('off via POST /_sim/faults: no generation field anywhere; reset turns it back on', async () => {
    expect(await body(await api.control('/_sim/faults', { generations: false }))).toMatchObject({ generations: false });
    const created = await parsed(await api.send('POST', '/api/v1/serverless', createBody('old', '1')), S.ContainerCreated, 201);
    const answers = [
      created,
      await body(await api.get('/api/v1/serverless')),
      await body(await api.get(`/api/v1/serverless/${WEB}`)),
      await body(await api.send('PUT', `/api/v1/serverless/${WEB}`, { port: 9000 })),
      await body(await api.get(`/api/v1/serverless/${WEB}/deployments`)),
      await body(await api.get(`/api/v1/operations/${WEB}`)),
    ];
    for (const a of answers) expect(hasGenerations(a), JSON.stringify(a).slice(0, 200)).toBe(false);
    expect((await api.control('/_sim/faults', { generations: 'no' })).status).toBe(422);
    await api.control('/_sim/reset');
    expect(hasGenerations(await body(await api.get(`/api/v1/serverless/${WEB}`)))).toBe(true);
  });

  test('off via startSimulator({generations: false}), which reset keeps', async () => {
    const old = simApi(await startSim({ generations: false }));
    try {
      expect(hasGenerations(await body(await old.get(`/api/v1/serverless/${WEB}`)))).toBe(false);
      await old.control('/_sim/reset');
      expect(hasGenerations(await body(await old.get('/api/v1/serverless')))).toBe(false);
      await old.control('/_sim/faults', { generations: true });
      expect(hasGenerations(await body(await old.get(`/api/v1/serverless/${WEB}`)))).toBe(true);
    } finally {
      await old.sim.close();
    }
  });
});

describe('freshness without generations', () => {
  const signals = (c: { status_details: { observed_at: string | null }; current_revision: string | null; deployment_count: number }) =>
    [c.status_details.observed_at, c.current_revision, c.deployment_count] as const;

  test('after an update: unchanged while queued, all three move once the platform picks it up', async () => {
    await api.control('/_sim/faults', { generations: false });
    const before = await get(WEB);
    api.advance(30);
    expect(signals(await get(WEB))).toEqual(signals(before)); // a settled container stays put
    const answer = (await parsed(await api.send('PUT', `/api/v1/serverless/${WEB}`, { image_tag: '2.0' }), S.ContainerUpdated)).container;
    expect(signals(answer)).toEqual(signals(before));
    expect(answer.status_details.operation).toEqual({ state: 'queued', terminal: false });
    api.advance(1);
    expect(signals(await get(WEB))).toEqual(signals(before));
    api.advance(1);
    const picked = await get(WEB);
    const [obs, rev, count] = signals(picked);
    expect(obs).not.toBe(before.status_details.observed_at);
    expect([rev, count]).toEqual(['web-00004', 4]);
    expect(picked.status_details.operation).toEqual({ state: 'running', terminal: false });
    api.advance(10);
    const done = await get(WEB);
    expect(done.status_details.observed_at).not.toBe(obs);
    expect(done.status_details.operation.terminal).toBe(true);
  });

  test('after a redeploy: read right after it is not fresh; the pick-up is', async () => {
    await api.control('/_sim/faults', { generations: false });
    const before = await get(SEED_IDS.edge);
    await parsed(await api.send('POST', `/api/v1/serverless/${SEED_IDS.edge}/redeploy`), S.Redeployed, 202);
    expect(signals(await get(SEED_IDS.edge))).toEqual(signals(before));
    api.advance(2);
    const after = await get(SEED_IDS.edge);
    expect(after.deployment_count).toBe(before.deployment_count + 1);
    expect(after.current_revision).not.toBe(before.current_revision);
    expect(after.status_details.observed_at).not.toBe(before.status_details.observed_at);
  });
});
