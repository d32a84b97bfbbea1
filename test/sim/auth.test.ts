// Tokens, permissions, projects, rate limiting and pagination over real loopback HTTP.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { listOf, ValidationErrorBody, Vps } from '../../src/client/schemas.js';
import { body, startApi, type Api } from './helpers.js';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.sim.close());
beforeEach(() => api.sim.world.reset());

describe('authentication', () => {
  test('missing and unknown tokens get 401 with a message', async () => {
    const none = await fetch(`${api.sim.url}/api/v1/vps`);
    expect(none.status).toBe(401);
    expect(typeof (await body(none)).message).toBe('string');
    const bad = await api.get('/api/v1/vps', { token: 'nope' });
    expect(bad.status).toBe(401);
  });

  test('default token: default permissions only; 403 names the missing permission', async () => {
    const t = api.sim.tokens.default;
    expect((await api.get('/api/v1/vps', { token: t })).status).toBe(200);
    expect((await api.get('/api/v1/database', { token: t })).status).toBe(200);
    expect((await api.get('/api/v1/cache/401/credentials', { token: t })).status).toBe(200);
    const res = await api.get('/api/v1/serverless', { token: t });
    expect(res.status).toBe(403);
    expect(await body(res)).toMatchObject({ required_permission: 'serverless:read' });
    const dns = await api.send('POST', '/api/v1/database/302/dns', undefined, { token: t });
    expect(await body(dns)).toMatchObject({ required_permission: 'database:write' });
    const snaps = await api.get('/api/v1/snapshots/vps', { token: t });
    expect(await body(snaps)).toMatchObject({ required_permission: 'snapshot:read' });
    const restore = await api.send('POST', '/api/v1/snapshots/vps/rp-vps-001/restore', { confirm_name: 'vps-01' }, { token: t });
    expect(await body(restore)).toMatchObject({ required_permission: 'snapshot:write' });
    expect((await api.get('/api/v1/recovery/capabilities', { token: t })).status).toBe(200);
  });

  test('no_diagnostics token reads and writes containers but not logs or events', async () => {
    const t = api.sim.tokens.no_diagnostics;
    expect((await api.get('/api/v1/serverless/101', { token: t })).status).toBe(200);
    expect((await api.get('/api/v1/serverless/101/revisions', { token: t })).status).toBe(200);
    expect((await api.get('/api/v1/serverless/101/diagnose', { token: t })).status).toBe(200);
    for (const p of ['logs', 'events']) {
      const res = await api.get(`/api/v1/serverless/101/${p}`, { token: t });
      expect(res.status).toBe(403);
      expect(await body(res)).toMatchObject({ required_permission: 'serverless:diagnostics' });
    }
    expect((await api.send('POST', '/api/v1/serverless/101/redeploy', undefined, { token: t })).status).toBe(200);
    const del = await api.send('DELETE', '/api/v1/serverless/101', undefined, { token: t });
    expect(del.status).toBe(403);
    expect(await body(del)).toMatchObject({ required_permission: 'serverless:delete' });
  });
});

describe('projects', () => {
  test('X-Team-Id selects the project; omitted means the token default', async () => {
    const main = await body<{ data: Array<{ name: string }> }>(await api.get('/api/v1/serverless'));
    expect(main.data.map((c) => c.name)).toEqual(['web', 'api', 'worker', 'edge', 'batch', 'cron']);
    const staging = await body<{ data: Array<{ id: number }> }>(await api.get('/api/v1/serverless', { team: 'prj-staging' }));
    expect(staging.data.map((c) => c.id)).toEqual([201, 202]);
    expect((await api.get('/api/v1/serverless/101', { team: 'prj-staging' })).status).toBe(404);
  });

  test('a project-scoped token gets 403 on another project; unknown project is 404', async () => {
    const other = api.sim.tokens.other_project ?? '';
    const own = await body<{ data: unknown[] }>(await api.get('/api/v1/vps', { token: other }));
    expect(own.data).toHaveLength(1);
    expect((await api.get('/api/v1/vps', { token: other, team: 'prj-main' })).status).toBe(403);
    expect((await api.get('/api/v1/vps', { token: api.sim.tokens.default, team: 'prj-staging' })).status).toBe(403);
    expect((await api.get('/api/v1/vps', { team: 'prj-nope' })).status).toBe(404);
  });
});

describe('rate limiting', () => {
  test('headers on every /api response, 429 with Retry-After past the limit, per token', async () => {
    const first = await api.get('/api/v1/vps');
    expect(first.headers.get('x-ratelimit-limit')).toBe('1000');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('999');
    const reset = Number(first.headers.get('x-ratelimit-reset'));
    expect(reset).toBeGreaterThan(api.sim.world.now() / 1000);
    expect(reset).toBeLessThanOrEqual(Math.ceil(api.sim.world.now() / 1000) + 60);
    expect((await fetch(`${api.sim.url}/api/v1/vps`)).headers.get('x-ratelimit-limit')).toBe('1000');

    api.advance(61); // a fresh window
    await api.control('/_sim/faults', { rate_limit_per_minute: 3 });
    const seen = [];
    for (let i = 0; i < 4; i++) seen.push(await api.get('/api/v1/vps'));
    expect(seen.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(seen[3]?.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(seen[3]?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await api.get('/api/v1/vps', { token: api.sim.tokens.default })).status).toBe(200);
    api.advance(61);
    expect((await api.get('/api/v1/vps')).status).toBe(200);
  });
});

describe('pagination', () => {
  test('spec 2.1 list shape with page/per_page over 45 VPS', async () => {
    const first = listOf(Vps).parse(await body(await api.get('/api/v1/vps')));
    expect(first.pagination).toEqual({ current_page: 1, last_page: 3, per_page: 20, total: 45 });
    const last = listOf(Vps).parse(await body(await api.get('/api/v1/vps?page=3&per_page=20')));
    expect(last.data).toHaveLength(5);
    expect(last.data[0]?.name).toBe('vps-41');
    const big = listOf(Vps).parse(await body(await api.get('/api/v1/vps?per_page=100')));
    expect(big.data).toHaveLength(45);
    expect(big.pagination.last_page).toBe(1);
  });

  test('bad paging values are 422 with field errors', async () => {
    for (const q of ['per_page=0', 'per_page=101', 'per_page=abc', 'page=0']) {
      const res = await api.get(`/api/v1/vps?${q}`);
      expect(res.status).toBe(422);
      const b = ValidationErrorBody.parse(await body(res));
      expect(Object.keys(b.errors ?? {})).toEqual([q.split('=')[0]]);
    }
  });

  test('unmatched routes are a JSON 404', async () => {
    const res = await api.get('/api/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(typeof (await body(res)).message).toBe('string');
  });
});
