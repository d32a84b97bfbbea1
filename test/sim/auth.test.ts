// Tokens, permissions, teams (integer X-Team-Id), rate limiting and pagination over real
// loopback HTTP.
import { describe, expect, test } from 'vitest';
import * as S from './shapes.js';
import { body, parsed, SEED_IDS, simApi, useSimulator, type SimApi } from '../helpers/sim.js';

let api: SimApi;
useSimulator((sim) => (api = simApi(sim)));

const forbidden = async (res: Response, permission: string) => {
  const b = await parsed(res, S.MessageBody, 403);
  expect(b.message).toContain(permission);
};

describe('authentication', () => {
  test('missing and unknown tokens get 401 {message}', async () => {
    expect(await parsed(await api.get('/api/v1/vps', { token: null }), S.MessageBody, 401)).toEqual({ message: 'Unauthenticated.' });
    await parsed(await api.get('/api/v1/vps', { token: 'nope' }), S.MessageBody, 401);
  });

  test('default token: default permissions only; 403 {message} names the missing permission', async () => {
    const t = api.sim.tokens.default;
    expect((await api.get('/api/v1/vps', { token: t })).status).toBe(200);
    expect((await api.get('/api/v1/database', { token: t })).status).toBe(200);
    expect((await api.get(`/api/v1/cache/${SEED_IDS.redis}/credentials`, { token: t })).status).toBe(200);
    await forbidden(await api.get('/api/v1/serverless', { token: t }), 'serverless:read');
    await forbidden(await api.send('POST', `/api/v1/database/${SEED_IDS.mysql}/dns`, undefined, { token: t }), 'database:write');
    await forbidden(await api.get('/api/v1/snapshots/vps', { token: t }), 'snapshot:read');
    await forbidden(await api.send('POST', `/api/v1/snapshots/vps/${SEED_IDS.snapshots.vps.daily}/restore`, { confirm_name: 'vps-01' }, { token: t }), 'snapshot:write');
    expect((await api.get('/api/v1/recovery/capabilities', { token: t })).status).toBe(200);
    expect((await api.get('/api/v1/user/teams', { token: t })).status).toBe(200);
  });

  test('no_diagnostics token reads and writes containers but not logs or events', async () => {
    const t = api.sim.tokens.no_diagnostics;
    const web = SEED_IDS.web;
    for (const p of ['', '/revisions', '/diagnose', '/deployments']) expect((await api.get(`/api/v1/serverless/${web}${p}`, { token: t })).status).toBe(200);
    for (const p of ['logs', 'events']) await forbidden(await api.get(`/api/v1/serverless/${web}/${p}`, { token: t }), 'serverless:diagnostics');
    const diag = await parsed(await api.get(`/api/v1/serverless/${web}/diagnose`, { token: t }), S.envelopeOf(S.DiagnoseData));
    expect(diag.data.sections).toEqual({ events: null, logs: null });
    expect((await api.send('POST', `/api/v1/serverless/${web}/redeploy`, undefined, { token: t })).status).toBe(202);
    await forbidden(await api.send('DELETE', `/api/v1/serverless/${web}`, undefined, { token: t }), 'serverless:delete');
  });
});

describe('teams', () => {
  test('X-Team-Id (an integer) selects the team; omitted means the token default', async () => {
    const main = await parsed(await api.get('/api/v1/serverless'), S.listOf(S.Container));
    expect(main.data.map((c) => c.name)).toEqual(['web', 'api', 'worker', 'edge', 'batch', 'cron']);
    const staging = await parsed(await api.get('/api/v1/serverless', { team: 2 }), S.listOf(S.Container));
    expect(staging.data.map((c) => c.id)).toEqual([SEED_IDS.stagingWeb, SEED_IDS.stagingApi]);
    expect(staging.data.map((c) => c.team)).toEqual([
      { id: 2, name: 'staging' },
      { id: 2, name: 'staging' },
    ]);
    expect((await api.get(`/api/v1/serverless/${SEED_IDS.web}`, { team: 2 })).status).toBe(404);
  });

  test('a team-scoped token gets 403 on another team; unknown or non-integer team is 404 {message}', async () => {
    const other = api.sim.tokens.other_project;
    const own = await parsed(await api.get('/api/v1/vps', { token: other }), S.listOf(S.Vps));
    expect(own.data.map((v) => [v.name, v.team_id])).toEqual([['staging-vps', 2]]);
    await parsed(await api.get('/api/v1/vps', { token: other, team: 1 }), S.MessageBody, 403);
    await parsed(await api.get('/api/v1/vps', { token: api.sim.tokens.default, team: 2 }), S.MessageBody, 403);
    for (const team of ['3', 'prj-main', 'main', '1.0', '-1']) await parsed(await api.get('/api/v1/vps', { team }), S.MessageBody, 404);
  });

  test('GET /user/teams lists the teams the token may use and the team the request resolved to', async () => {
    const admin = await parsed(await api.get('/api/v1/user/teams', { team: 2 }), S.Teams);
    expect([admin.data.map((t) => t.id), admin.current_team_id]).toEqual([[1, 2], 2]);
    const def = await parsed(await api.get('/api/v1/user/teams', { token: api.sim.tokens.default }), S.Teams);
    expect(def).toEqual({ data: [{ id: 1, name: 'main', personal_team: true, registry_namespace: 'acme' }], current_team_id: 1, token_team_id: 1 });
    expect(admin.token_team_id).toBeNull();
    const other = await parsed(await api.get('/api/v1/user/teams', { token: api.sim.tokens.other_project }), S.Teams);
    expect([other.data.map((t) => t.id), other.current_team_id]).toEqual([[2], 2]);
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
    expect((await api.get('/api/v1/vps', { token: null })).headers.get('x-ratelimit-limit')).toBe('1000');

    api.advance(61); // a fresh window
    await api.control('/_sim/faults', { rate_limit_per_minute: 3 });
    const seen = [];
    for (let i = 0; i < 4; i++) seen.push(await api.get('/api/v1/vps'));
    expect(seen.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(seen[3]?.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(seen[3]?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await body(seen[3]!)).toEqual({ message: 'Too Many Attempts.' });
    expect((await api.get('/api/v1/vps', { token: api.sim.tokens.default })).status).toBe(200);
    api.advance(61);
    expect((await api.get('/api/v1/vps')).status).toBe(200);
  });
});

describe('pagination', () => {
  test('the server page is 15 by default; page/per_page walk 45 VPS', async () => {
    const first = await parsed(await api.get('/api/v1/vps'), S.listOf(S.Vps));
    expect(first.pagination).toEqual({ current_page: 1, last_page: 3, per_page: 15, total: 45 });
    expect(first.data.map((v) => v.name)).toEqual(Array.from({ length: 15 }, (_, i) => `vps-${String(i + 1).padStart(2, '0')}`));
    const last = await parsed(await api.get('/api/v1/vps?page=3&per_page=20'), S.listOf(S.Vps));
    expect(last.data).toHaveLength(5);
    expect(last.data[0]?.name).toBe('vps-41');
    const past = await parsed(await api.get('/api/v1/vps?page=9'), S.listOf(S.Vps));
    expect([past.data, past.pagination.current_page]).toEqual([[], 9]);
    const big = await parsed(await api.get('/api/v1/vps?per_page=100'), S.listOf(S.Vps));
    expect([big.data.length, big.pagination.last_page]).toEqual([45, 1]);
  });

  test('per_page above 200 is clamped silently to 200 and reported', async () => {
    for (const q of ['per_page=201', 'per_page=100000']) {
      const res = await parsed(await api.get(`/api/v1/vps?${q}`), S.listOf(S.Vps));
      expect(res.pagination).toEqual({ current_page: 1, last_page: 1, per_page: 200, total: 45 });
    }
  });

  test('a non-integer or < 1 per_page/page is a 422 naming the field', async () => {
    for (const q of ['per_page=0', 'per_page=-1', 'per_page=abc', 'per_page=1.5', 'page=0']) {
      const b = await parsed(await api.get(`/api/v1/vps?${q}`), S.ValidationBody, 422);
      expect(Object.keys(b.errors)).toEqual([q.split('=')[0]]);
    }
  });

  test('unmatched routes are a JSON 404 {message}', async () => {
    await parsed(await api.get('/api/v1/nothing-here'), S.MessageBody, 404);
  });
});
