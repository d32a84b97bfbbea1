// The contract between client and simulator: every response the simulator serves parses
// with the matching schema of src/client/schemas.ts, across the seeded world and over time.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type * as z from 'zod/mini';
import * as S from '../../src/client/schemas.js';
import { body, startApi, type Api } from './helpers.js';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.sim.close());

async function parses(path: string, schema: z.ZodMiniType, opts: { status?: number; team?: string } = {}) {
  const res = await api.get(path, opts.team ? { team: opts.team } : undefined);
  expect(res.status, path).toBe(opts.status ?? 200);
  const result = schema.safeParse(await body(res));
  expect(result.success, `${path}: ${JSON.stringify(result.error?.issues ?? [])}`).toBe(true);
}

const CONTAINERS = [101, 102, 103, 104, 105, 106];

describe('every response parses with the client schemas', () => {
  test('containers and their diagnostic endpoints, at several moments', async () => {
    await api.send('PUT', '/api/v1/serverless/101', { image_url: 'registry.sim.local/acme/web:crash' });
    const created = S.ContainerAnswer.parse(await body(await api.send('POST', '/api/v1/serverless', { name: 'newbie', image_url: 'registry.sim.local/acme/n:missing' })));
    for (const step of [0, 2, 5, 12, 3600]) {
      api.advance(step);
      await parses('/api/v1/serverless?per_page=100', S.listOf(S.Container));
      const ids = [...CONTAINERS, Number(created.container.id)];
      for (const id of ids) {
        await parses(`/api/v1/serverless/${id}`, S.ContainerAnswer);
        await parses(`/api/v1/serverless/${id}/revisions`, S.envelopeOf(S.RevisionsData));
        await parses(`/api/v1/serverless/${id}/events`, S.envelopeOf(S.EventsData));
        await parses(`/api/v1/serverless/${id}/logs?container=all&limit=50`, S.LogsAnswer);
        await parses(`/api/v1/serverless/${id}/diagnose`, S.envelopeOf(S.DiagnoseData));
      }
    }
    await parses('/api/v1/serverless', S.listOf(S.Container), { team: 'prj-staging' });
  });

  test('write answers: create, update, redeploy', async () => {
    const created = await api.send('POST', '/api/v1/serverless', { name: 'contract', image_url: 'registry.sim.local/acme/c:1' });
    expect(S.ContainerAnswer.safeParse(await body(created)).success).toBe(true);
    const updated = await api.send('PUT', '/api/v1/serverless/101', { port: 9090 });
    expect(S.ContainerAnswer.safeParse(await body(updated)).success).toBe(true);
    const redeployed = await api.send('POST', '/api/v1/serverless/101/redeploy');
    expect(S.ContainerAnswer.safeParse(await body(redeployed)).success).toBe(true);
  });

  test('VPS, databases, caches, credentials, DNS answers', async () => {
    await parses('/api/v1/vps', S.listOf(S.Vps));
    await parses('/api/v1/database', S.listOf(S.Database));
    await parses('/api/v1/cache', S.listOf(S.Cache));
    for (const id of [301, 302, 303]) {
      await parses(`/api/v1/database/${id}`, S.Database);
      await parses(`/api/v1/database/${id}/credentials`, S.Credentials);
    }
    for (const id of [401, 402, 403]) {
      await parses(`/api/v1/cache/${id}`, S.Cache);
      await parses(`/api/v1/cache/${id}/connection-info`, S.Credentials);
      await parses(`/api/v1/cache/${id}/credentials`, S.Credentials);
    }
    for (const [m, p] of [['POST', '/api/v1/database/303/dns'], ['DELETE', '/api/v1/database/303/dns'], ['POST', '/api/v1/cache/403/dns']] as const) {
      expect(S.DnsAnswer.safeParse(await body(await api.send(m, p))).success).toBe(true);
    }
  });

  test('recovery: points, capabilities, restore answers', async () => {
    for (const p of ['vps', 'cache', 'database']) await parses(`/api/v1/snapshots/${p}`, S.listOf(S.RecoveryPoint));
    await parses('/api/v1/recovery/capabilities', S.CapabilitiesAnswer);
    const gated = await api.send('POST', '/api/v1/snapshots/cache/rp-cache-002/restore', { confirm_name: 'queue-valkey' });
    expect(S.RestoreAnswer.safeParse(await body(gated)).success).toBe(true);
    const direct = await api.send('POST', '/api/v1/snapshots/database/rp-db-001/restore', { confirm_name: 'shop-mysql' });
    expect(S.RestoreAnswer.safeParse(await body(direct)).success).toBe(true);
  });

  test('error bodies: 422 validation body, 503 logs envelope', async () => {
    await parses('/api/v1/vps?per_page=500', S.ValidationErrorBody, { status: 422 });
    await parses('/api/v1/serverless/101/logs?limit=0', S.ValidationErrorBody, { status: 422 });
    await api.control('/_sim/faults', { logs_unavailable: true });
    await parses('/api/v1/serverless/101/logs', S.LogsAnswer, { status: 503 });
    await api.control('/_sim/reset');
  });
});
