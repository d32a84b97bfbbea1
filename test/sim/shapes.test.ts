// Every answer of the simulator matches the real API's shapes (spec/real-api.md) field by
// field, types included, across the seeded world and over time.
import { describe, expect, test } from 'vitest';
import * as S from './shapes.js';
import { body, createBody, parsed, SEED_IDS, simApi, useSimulator, type SimApi } from '../helpers/sim.js';

let api: SimApi;
useSimulator((sim) => (api = simApi(sim)));

const CONTAINERS = [SEED_IDS.web, SEED_IDS.api, SEED_IDS.worker, SEED_IDS.edge, SEED_IDS.batch, SEED_IDS.cron];

describe('containers', () => {
  test('list, show, revisions, events, logs, diagnose, deployments and operations at several moments', async () => {
    await api.send('PUT', `/api/v1/serverless/${SEED_IDS.web}`, { image_tag: 'crash' });
    const created = await parsed(await api.send('POST', '/api/v1/serverless', createBody('newbie', 'missing')), S.ContainerCreated, 201);
    for (const step of [0, 2, 5, 12, 3600]) {
      api.advance(step);
      const list = await parsed(await api.get('/api/v1/serverless?per_page=100'), S.listOf(S.Container));
      expect(list.data).toHaveLength(7);
      for (const id of [...CONTAINERS, created.container.id]) {
        await parsed(await api.get(`/api/v1/serverless/${id}`), S.ContainerShow);
        await parsed(await api.get(`/api/v1/serverless/${id}/revisions`), S.envelopeOf(S.RevisionsData));
        await parsed(await api.get(`/api/v1/serverless/${id}/events`), S.envelopeOf(S.EventsData));
        await parsed(await api.get(`/api/v1/serverless/${id}/logs?container=all&limit=50`), S.LogsAnswer);
        await parsed(await api.get(`/api/v1/serverless/${id}/diagnose`), S.envelopeOf(S.DiagnoseData));
        await parsed(await api.get(`/api/v1/serverless/${id}/deployments`), S.listOf(S.Deployment));
        await parsed(await api.get(`/api/v1/operations/${id}`), S.envelopeOf(S.Operation));
      }
    }
    await parsed(await api.get('/api/v1/serverless', { team: 2 }), S.listOf(S.Container));
  });

  test('write answers: 201 create with operation, 200 update, 202 redeploy, 200 delete', async () => {
    await parsed(await api.send('POST', '/api/v1/serverless', createBody('contract', '1')), S.ContainerCreated, 201);
    await parsed(await api.send('PUT', `/api/v1/serverless/${SEED_IDS.web}`, { port: 9090 }), S.ContainerUpdated);
    const r = await parsed(await api.send('POST', `/api/v1/serverless/${SEED_IDS.api}/redeploy`), S.Redeployed, 202);
    expect(r.container_id).toBe(SEED_IDS.api);
    await parsed(await api.send('DELETE', `/api/v1/serverless/${SEED_IDS.cron}`), S.MessageBody);
  });

  test("types that matter: string ids, a numeric monthly_cost (as the provider's clients read it), integer counts, [] for an empty map", async () => {
    const show = await parsed(await api.get(`/api/v1/serverless/${SEED_IDS.api}`), S.ContainerShow);
    expect(typeof show.container.id).toBe('string');
    expect(typeof show.monthly_cost).toBe('number');
    expect(show.monthly_cost * 100).toBeCloseTo(Math.round(show.monthly_cost * 100), 6); // dollars and cents
    expect(show.container.environment_variables).toEqual([]);
    expect(show.container.capabilities).toMatchObject({ logs: true, events: true, revisions: true });
    const web = await parsed(await api.get(`/api/v1/serverless/${SEED_IDS.web}`), S.ContainerShow);
    expect(web.container.environment_variables).toEqual({ LOG_LEVEL: 'info' });
    const raw = await body(await api.get(`/api/v1/serverless/${SEED_IDS.web}`));
    for (const invented of ['image_url', 'min_instances', 'max_instances', 'project_id', 'latest_revision']) {
      expect(raw.container).not.toHaveProperty(invented);
    }
  });
});

describe('other products', () => {
  test('VPS list and show', async () => {
    const list = await parsed(await api.get('/api/v1/vps?per_page=50'), S.listOf(S.Vps));
    expect(list.data).toHaveLength(45);
    expect(new Set(list.data.map((v) => v.datacenter))).toEqual(new Set(['fsn1', 'nbg1', 'hel1']));
    await parsed(await api.get(`/api/v1/vps/${SEED_IDS.vps[0]}`), S.VpsShow);
  });

  test('databases: engine is an object with provider; caches have no engine', async () => {
    const dbs = await parsed(await api.get('/api/v1/database'), S.listOf(S.Database));
    expect(dbs.data.map((d) => [d.name, d.engine?.name, d.provider?.type])).toEqual([
      ['orders-pg', 'PostgreSQL', 'postgresql'],
      ['shop-mysql', 'MySQL', 'mysql'],
      ['wiki-maria', 'MariaDB', 'mariadb'],
    ]);
    const caches = await parsed(await api.get('/api/v1/cache'), S.listOf(S.Cache));
    expect(caches.data.map((c) => c.provider?.type)).toEqual(['redis', 'valkey', 'dragonfly']);
    expect(caches.data.every((c) => !('engine' in c))).toBe(true);
    for (const id of [SEED_IDS.postgres, SEED_IDS.mysql, SEED_IDS.mariadb]) {
      await parsed(await api.get(`/api/v1/database/${id}`), S.InstanceShow(S.Database));
      await parsed(await api.get(`/api/v1/database/${id}/credentials`), S.DbCredentials);
    }
    for (const id of [SEED_IDS.redis, SEED_IDS.valkey, SEED_IDS.dragonfly]) {
      await parsed(await api.get(`/api/v1/cache/${id}`), S.InstanceShow(S.Cache));
      await parsed(await api.get(`/api/v1/cache/${id}/connection-info`), S.CacheCredentials);
      await parsed(await api.get(`/api/v1/cache/${id}/credentials`), S.CacheCredentials);
    }
  });

  test('snapshots per product: integer ids, sizes as strings, <product>_instance', async () => {
    for (const p of ['vps', 'cache', 'database'] as const) {
      const list = await parsed(await api.get(`/api/v1/snapshots/${p}`), S.listOf(S.SNAPSHOT[p]));
      expect(list.data.length).toBeGreaterThan(0);
      expect(list.data.every((x) => Number.isInteger(x.id))).toBe(true);
    }
  });

  test('teams of the token', async () => {
    const t = await parsed(await api.get('/api/v1/user/teams'), S.Teams);
    expect(t).toEqual({
      data: [
        { id: 1, name: 'main', personal_team: true, registry_namespace: 'acme' },
        { id: 2, name: 'staging', personal_team: false, registry_namespace: 'staging' },
      ],
      current_team_id: 1,
      token_team_id: null,
    });
  });
});

describe('error bodies', () => {
  test('401, 403, 404 {message}; 422 {message, errors}; 409 {error}; envelope errors', async () => {
    await parsed(await api.get('/api/v1/vps', { token: null }), S.MessageBody, 401);
    await parsed(await api.get('/api/v1/serverless', { token: api.sim.tokens.default }), S.MessageBody, 403);
    await parsed(await api.get('/api/v1/serverless/nope'), S.MessageBody, 404);
    await parsed(await api.get('/api/v1/vps?per_page=abc'), S.ValidationBody, 422);
    await parsed(await api.get(`/api/v1/serverless/${SEED_IDS.web}/logs?limit=0`), S.ValidationBody, 422);
    await parsed(await api.send('POST', `/api/v1/serverless/${SEED_IDS.batch}/redeploy`), S.ConflictBody, 409);
    await parsed(await api.get('/api/v1/operations/nope'), S.EnvelopeError, 404);
    await api.control('/_sim/faults', { logs_unavailable: true });
    const down = await parsed(await api.get(`/api/v1/serverless/${SEED_IDS.web}/logs`), S.EnvelopeError, 503);
    expect(down).toMatchObject({ data: { available: false, entries: [] }, error: { code: 'serverless.logs_unavailable', retryable: true }, meta: {} });
  });
});
