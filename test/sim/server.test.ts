// The HTTP adapter, control API, per-test overrides, OpenAPI document and `infra sim` entry.
import { networkInterfaces } from 'node:os';
import SwaggerParser from '@apidevtools/swagger-parser';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { serveSimulator } from '../../src/sim/cli.js';
import { isLoopback } from '../../src/sim/server.js';
import * as S from './shapes.js';
import { body, parsed, SEED_IDS, simApi, startSim, useSimulator, type SimApi } from '../helpers/sim.js';

let api: SimApi;
useSimulator((sim) => (api = simApi(sim)));

describe('start-up', () => {
  test('startSimulator on port 0 is fast and serves on loopback', async () => {
    const t0 = performance.now();
    const sim = await startSim({ speed: 1 });
    const ms = performance.now() - t0;
    console.log(`startSimulator: ${ms.toFixed(1)} ms`);
    expect(sim.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(ms).toBeLessThan(1000);
    expect((await simApi(sim).get('/api/v1/vps')).status).toBe(200);
    await sim.close();
  });

  test('now and speed options: the clock starts at `now` and runs at `speed`', async () => {
    const sim = await startSim({ now: new Date('2030-01-01T00:00:00Z'), speed: 0 });
    expect(sim.world.clock.iso()).toBe('2030-01-01T00:00:00.000Z');
    sim.world.clock.advance(90);
    expect(sim.world.clock.iso()).toBe('2030-01-01T00:01:30.000Z');
    await sim.close();
  });
});

describe('control API', () => {
  test('faults merge and are answered; reset clears them and restores the seed', async () => {
    const a = await body(await api.control('/_sim/faults', { logs_unavailable: true }));
    expect(a).toMatchObject({ logs_unavailable: true, stale: false, latency_ms: 0 });
    const b = await body(await api.control('/_sim/faults', { latency_ms: 30 }));
    expect(b).toMatchObject({ logs_unavailable: true, latency_ms: 30 });
    expect((await api.control('/_sim/faults', { latency_ms: -1 })).status).toBe(422);
    const t0 = performance.now();
    await api.get('/api/v1/vps?per_page=1');
    expect(performance.now() - t0).toBeGreaterThanOrEqual(25);
    await api.send('DELETE', `/api/v1/serverless/${SEED_IDS.web}`);
    expect((await api.control('/_sim/reset')).status).toBe(200);
    expect(api.sim.world.faults).toMatchObject({ logs_unavailable: false, latency_ms: 0, generations: true });
    expect((await api.get(`/api/v1/serverless/${SEED_IDS.web}`)).status).toBe(200);
  });

  test('POST /_sim/clock advances the sim clock', async () => {
    const before = api.sim.world.now();
    const res = await body<{ now: string }>(await api.control('/_sim/clock', { advance_seconds: 3600 }));
    expect(Date.parse(res.now) - before).toBe(3_600_000);
    expect((await api.control('/_sim/clock', { advance_seconds: 'x' })).status).toBe(422);
  });

  test('requests are recorded (method, path, query, headers, body) and served at GET /_sim/requests', async () => {
    await api.send('PUT', `/api/v1/serverless/${SEED_IDS.web}?x=1`, { min_scale: 1 }, { team: 1 });
    expect(api.sim.requests).toHaveLength(1);
    const listed = await body<{ requests: Array<Record<string, unknown>> }>(await fetch(`${api.sim.url}/_sim/requests`));
    expect(listed.requests[0]).toMatchObject({
      method: 'PUT',
      path: `/api/v1/serverless/${SEED_IDS.web}`,
      query: { x: '1' },
      headers: { 'x-team-id': '1', authorization: `Bearer ${api.sim.tokens.admin}` },
      body: { min_scale: 1 },
    });
  });

  test('only loopback callers reach the control API', async () => {
    expect([isLoopback('127.0.0.1'), isLoopback('::1'), isLoopback('::ffff:127.0.0.1'), isLoopback('192.0.2.2'), isLoopback(undefined)]).toEqual([true, true, true, false, false]);
    const external = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && !i.internal && i.family === 'IPv4');
    if (external) {
      const sim = await startSim({ host: '0.0.0.0', speed: 1 });
      const port = new URL(sim.url).port;
      expect((await fetch(`http://${external.address}:${port}/_sim/reset`, { method: 'POST' })).status).toBe(403);
      expect((await fetch(`http://127.0.0.1:${port}/_sim/faults`)).status).toBe(200);
      await sim.close();
    }
  });
});

describe('per-test handlers', () => {
  test('use() overrides a route, resetHandlers() restores it; rate-limit headers still apply', async () => {
    api.sim.use(http.get('*/api/v1/serverless/:id/diagnose', () => HttpResponse.json({ message: 'nope' }, { status: 501 })));
    const res = await api.get(`/api/v1/serverless/${SEED_IDS.web}/diagnose`);
    expect(res.status).toBe(501);
    expect(res.headers.get('x-ratelimit-limit')).toBe('1000');
    expect((await api.get(`/api/v1/serverless/${SEED_IDS.web}`)).status).toBe(200);
    api.sim.resetHandlers();
    expect((await api.get(`/api/v1/serverless/${SEED_IDS.web}/diagnose`)).status).toBe(200);
  });
});

describe('docs', () => {
  test('/docs/api.json is a valid OpenAPI 3.0.3 document of every /api route', async () => {
    const doc = await body<{ openapi: string; paths: Record<string, Record<string, unknown>> }>(await fetch(`${api.sim.url}/docs/api.json`));
    expect(doc.openapi).toBe('3.0.3');
    await SwaggerParser.validate(structuredClone(doc) as never);
    const ops = Object.entries(doc.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`));
    expect(ops).toEqual(
      expect.arrayContaining([
        'GET /api/v1/vps',
        'GET /api/v1/serverless',
        'POST /api/v1/serverless',
        'GET /api/v1/serverless/{id}',
        'PUT /api/v1/serverless/{id}',
        'DELETE /api/v1/serverless/{id}',
        'POST /api/v1/serverless/{id}/redeploy',
        'GET /api/v1/serverless/{id}/revisions',
        'GET /api/v1/serverless/{id}/events',
        'GET /api/v1/serverless/{id}/logs',
        'GET /api/v1/serverless/{id}/diagnose',
        'GET /api/v1/database',
        'GET /api/v1/database/{id}/credentials',
        'POST /api/v1/database/{id}/dns',
        'DELETE /api/v1/database/{id}/dns',
        'GET /api/v1/cache/{id}/connection-info',
        'GET /api/v1/cache/{id}/credentials',
        'POST /api/v1/cache/{id}/dns',
        'GET /api/v1/recovery/capabilities',
        'GET /api/v1/snapshots/{product}',
        'POST /api/v1/snapshots/{product}/{pointId}/restore',
        'GET /api/v1/operations/{opId}',
        'GET /api/v1/user/teams',
      ]),
    );
    const page = await fetch(`${api.sim.url}/docs/api`);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('href="/docs/api.json"');
  });
});

describe('serveSimulator (infra sim)', () => {
  function capture() {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, io: { stdout: { write: (s: string) => out.push(s) }, stderr: { write: (s: string) => err.push(s) } } };
  }

  test('--json: exactly one first stdout line with url and tokens; serves until aborted, then exits 0', async () => {
    const c = capture();
    const ac = new AbortController();
    const done = serveSimulator({ port: 0, speed: 1, json: true }, c.io, ac.signal);
    await new Promise((r) => setTimeout(r, 0));
    while (c.out.length === 0) await new Promise((r) => setTimeout(r, 5));
    const first = JSON.parse(c.out.join('').split('\n')[0] ?? '') as { url: string; tokens: Record<string, string> };
    expect(Object.keys(first.tokens)).toEqual(['admin', 'default', 'no_diagnostics']);
    const res = await fetch(`${first.url}/api/v1/serverless/${SEED_IDS.web}`, { headers: { authorization: `Bearer ${first.tokens.admin}` } });
    expect((await parsed(res, S.ContainerShow)).container).toMatchObject({ name: 'web', spec_generation: 3 });
    ac.abort();
    expect(await done).toBe(0);
    await expect(fetch(`${first.url}/api/v1/vps`)).rejects.toThrow();
  });

  test('human output prints the URL, the tokens and an export line', async () => {
    const c = capture();
    const ac = new AbortController();
    const done = serveSimulator({ port: 0, speed: 1, json: false }, c.io, ac.signal);
    while (c.out.length === 0) await new Promise((r) => setTimeout(r, 5));
    const text = c.out.join('');
    const url = /listening on (\S+)/.exec(text)?.[1] ?? '';
    expect(text).toContain(`export INFRA_API_URL=${url} INFRA_TOKEN=sim_admin_`);
    expect(text).toMatch(/no_diagnostics\s+sim_nodiag_/);
    const vps = await fetch(`${url}/api/v1/vps`, { headers: { authorization: `Bearer ${/INFRA_TOKEN=(\S+)/.exec(text)?.[1]}` } });
    expect((await parsed(vps, S.listOf(S.Vps))).pagination.total).toBe(45);
    expect(text).toMatch(/Teams \(X-Team-Id\): 1 main \(default\), 2 staging/);
    ac.abort();
    expect(await done).toBe(0);
  });

  test('generations: false serves as a server that predates them', async () => {
    const c = capture();
    const ac = new AbortController();
    const done = serveSimulator({ port: 0, speed: 1, json: true, generations: false }, c.io, ac.signal);
    while (c.out.length === 0) await new Promise((r) => setTimeout(r, 5));
    const first = JSON.parse(c.out.join('').split('\n')[0] ?? '') as { url: string; tokens: Record<string, string> };
    const res = await fetch(`${first.url}/api/v1/serverless/${SEED_IDS.web}`, { headers: { authorization: `Bearer ${first.tokens.admin}` } });
    const container = (await parsed(res, S.ContainerShow)).container;
    expect(container).not.toHaveProperty('spec_generation');
    expect(container).not.toHaveProperty('observed_generation');
    ac.abort();
    expect(await done).toBe(0);
  });
});
