// Databases and caches as families of the generic engine: every route answers in the real
// dialect (checked field by field against real-api.md, like the fixture corpus), and the
// lifecycle, validation, replicas and the rules around public DNS and credentials hold over
// simulated time.
import { describe, expect, test } from 'vitest';
import { checkValue, Shapes } from '../fixtures/facts.js';
import { body, SEED_IDS, simApi, useSimulator, type SimApi } from '../helpers/sim.js';

let api: SimApi;
useSimulator((sim) => (api = simApi(sim)));

const shapes = new Shapes();
type Obj = Record<string, unknown>;
type Kind = 'database' | 'cache';
const PARAM: Record<Kind, string> = { database: '{databaseInstance}', cache: '{cacheInstance}' };

/** The answer's body, after checking its status and its shape against the facts (`bends`: paths that depart on purpose). */
async function conform<T = Obj>(res: Response, operation: string, status: number, bends: string[] = []): Promise<T> {
  const text = await res.text();
  expect(res.status, `${operation}: ${text.slice(0, 300)}`).toBe(status);
  const value: unknown = JSON.parse(text);
  const shape = shapes.response(operation, status);
  expect(shape, `${operation} ${status} is not in the facts`).toBeDefined();
  const problems = checkValue(value, shape!.type, shapes, bends)
    .filter((p) => !p.bent)
    .map((p) => `${p.path}: ${p.message}`);
  expect(problems, `${operation} ${status}`).toEqual([]);
  return value as T;
}

const op = (kind: Kind, method: string, rest = '') => `${method} /api/v1/${kind}${rest.replace('{id}', PARAM[kind])}`;
const createBody = (kind: Kind, name: string, extra: Obj = {}) =>
  kind === 'database'
    ? { name, provider: 'postgresql', datacenter: 'fsn1', resource_profile: 'small', database_name: 'analytics', ...extra }
    : { name, provider: 'valkey', datacenter: 'ash', resource_profile: 'small', ...extra };

describe.each(['database', 'cache'] as const)('%s: every route in the real shapes', (kind) => {
  test('list, show, create, update, start, stop, destroy, metrics, plans, credentials, diagnose, events, logs over time', async () => {
    const created = await conform<{ instance: Obj }>(await api.send('POST', `/api/v1/${kind}`, createBody(kind, `${kind}-new`)), op(kind, 'POST'), 201);
    const id = String(created.instance.id);
    expect(created.instance).toMatchObject({ name: `${kind}-new`, status: 'provisioning', status_details: { summary: 'pending', operation: { terminal: false } }, deployed_at: null });
    // Not on a node yet: no connection_info, credentials 503 {message}, DNS refused 422 {message}.
    expect((await conform<Obj>(await api.get(`/api/v1/${kind}/${id}`), op(kind, 'GET', '/{id}'), 200)).connection_info).toBeNull();
    const credPath = kind === 'database' ? 'credentials' : 'connection-info';
    await conform(await api.get(`/api/v1/${kind}/${id}/${credPath}`), op(kind, 'GET', `/{id}/${credPath}`), 503);
    const early = await conform<Obj>(await api.send('POST', `/api/v1/${kind}/${id}/dns`), `POST /api/v1/${kind}/{id}/dns`, 422);
    expect(early.message).toMatch(/must be deployed to a node before DNS can be enabled$/);

    for (const step of [0, 30, 120, 3600]) {
      api.advance(step);
      await conform(await api.get(`/api/v1/${kind}?per_page=100`), op(kind, 'GET'), 200);
      for (const each of [id, kind === 'database' ? SEED_IDS.postgres : SEED_IDS.redis]) {
        await conform(await api.get(`/api/v1/${kind}/${each}`), op(kind, 'GET', '/{id}'), 200);
        await conform(await api.get(`/api/v1/${kind}/${each}/metrics`), op(kind, 'GET', '/{id}/metrics'), 200);
        await conform(await api.get(`/api/v1/${kind}/${each}/diagnose`), op(kind, 'GET', '/{id}/diagnose'), 200);
        await conform(await api.get(`/api/v1/${kind}/${each}/events`), op(kind, 'GET', '/{id}/events'), 200);
        await conform(await api.get(`/api/v1/${kind}/${each}/logs`), op(kind, 'GET', '/{id}/logs'), 200);
      }
    }
    // The facts type `plans` as a string (a generator artefact): the simulator sends the list.
    const plans = await conform<{ plans: Obj[] }>(await api.get(`/api/v1/${kind}/plans`), op(kind, 'GET', '/plans'), 200, ['plans']);
    expect(plans.plans.map((p) => p.id)).toEqual(['small', 'medium', 'large']);
    await conform(await api.get(`/api/v1/${kind}/${id}/${credPath}`), op(kind, 'GET', `/{id}/${credPath}`), 200);
    await conform(await api.send('PUT', `/api/v1/${kind}/${id}`, { resource_profile: 'huge' }), op(kind, 'PUT', '/{id}'), 422);
    await conform(await api.send('PUT', `/api/v1/${kind}/${id}`, { resource_profile: 'medium', automated_snapshots_enabled: false }), op(kind, 'PUT', '/{id}'), 200);
    api.advance(120);
    await conform(await api.send('POST', `/api/v1/${kind}/${id}/start`), op(kind, 'POST', '/{id}/start'), 422);
    await conform(await api.send('POST', `/api/v1/${kind}/${id}/stop`), op(kind, 'POST', '/{id}/stop'), 200);
    api.advance(60);
    const stopped = await conform<Obj>(await api.get(`/api/v1/${kind}/${id}/metrics`), op(kind, 'GET', '/{id}/metrics'), 200);
    expect(stopped).toMatchObject({ summary: { memory_used_mb: 0, retrieved_at: null }, health: { checked_at: null } });
    await conform(await api.send('POST', `/api/v1/${kind}/${id}/stop`), op(kind, 'POST', '/{id}/stop'), 422);
    await conform(await api.send('POST', `/api/v1/${kind}/${id}/start`), op(kind, 'POST', '/{id}/start'), 200);
    await conform(await api.send('DELETE', `/api/v1/${kind}/${id}`), op(kind, 'DELETE', '/{id}'), 422);
    api.advance(60);
    await conform(await api.send('DELETE', `/api/v1/${kind}/${id}`), op(kind, 'DELETE', '/{id}'), 200);
    api.advance(60);
    await conform(await api.get(`/api/v1/${kind}/${id}`), op(kind, 'GET', '/{id}'), 404);
    await conform(await api.send('POST', `/api/v1/${kind}`, { name: 'Bad Name' }), op(kind, 'POST'), 422);
  });
});

describe('database replicas', () => {
  const path = `/api/v1/database/${SEED_IDS.postgres}/replicas`;
  const OP = 'GET /api/v1/database/{databaseInstance}/replicas';

  test('add: GitOps replicas stream after the sync; the database is updating meanwhile; remove by index', async () => {
    const none = await conform<Obj>(await api.get(path), OP, 200);
    expect(none).toMatchObject({ replicas: [], master: { name: 'orders-pg-1', endpoint: 'orders-pg.svc.cluster.local:5432', status: 'running', ready: true }, billing: { monthly_cost_cents: 0 } });
    const added = await conform<{ replicas: Obj[] }>(await api.send('POST', path, { replica_count: 2 }), `POST /api/v1/database/{databaseInstance}/replicas`, 201);
    expect(added.replicas.map((r) => [r.replica_name, r.replica_index])).toEqual([
      ['orders-pg-2', 1],
      ['orders-pg-3', 2],
    ]);
    const show = await body<{ instance: Obj }>(await api.get(`/api/v1/database/${SEED_IDS.postgres}`));
    expect(show.instance).toMatchObject({ status: 'updating', status_details: { summary: 'in_progress', operation: { state: 'running', terminal: false } } });
    const pending = await conform<{ replicas: Obj[] }>(await api.get(path), OP, 200);
    // Read endpoints: private only, on the engine port, although public DNS is on for orders-pg.
    expect(pending.replicas[0]).toMatchObject({ index: 1, name: 'orders-pg-2', status: 'pending', ready: false, endpoint: 'orders-pg-ro.svc.cluster.local:5432' });
    const notYet = await conform<Obj>(await api.get(`${path}/status`), 'GET /api/v1/database/{databaseInstance}/replicas/status', 200);
    expect(notYet).toMatchObject({ is_replicating: false, replica_count: 2 });
    // A change while one syncs is refused like any action in flight.
    expect(await body(await api.send('DELETE', `${path}/1`))).toMatchObject({ error: 'Replicas can only be changed while the database instance is running', status: 'updating' });
    api.advance(180);
    const status = await conform<Obj>(await api.get(`${path}/status`), 'GET /api/v1/database/{databaseInstance}/replicas/status', 200);
    expect(status).toMatchObject({
      is_replicating: true,
      replica_count: 2,
      replicas: [
        { name: 'orders-pg-2', state: 'streaming' },
        { name: 'orders-pg-3', state: 'streaming' },
      ],
    });
    expect((await body<{ billing: Obj }>(await api.get(path))).billing).toEqual({ hourly_cost_cents: 4, monthly_cost_cents: 3000 });
    await conform(await api.send('DELETE', `${path}/1`), 'DELETE /api/v1/database/{databaseInstance}/replicas/{index}', 200);
    expect((await body<{ replicas: Obj[] }>(await api.get(path))).replicas.map((r) => r.name)).toEqual(['orders-pg-3']);
    api.advance(60);
    expect((await api.send('DELETE', `${path}/7`)).status).toBe(404);
    // The next replica gets the next index, not a reused one.
    const again = await body<{ replicas: Obj[] }>(await api.send('POST', path, { replica_count: 1 }));
    expect(again.replicas[0]).toMatchObject({ replica_name: 'orders-pg-4', replica_index: 3 });
  });

  test('replica_count is checked (1 to 5 in all); a stopped database refuses; write needs database:write', async () => {
    for (const [count, message] of [
      [0, 'between 1 and 5'],
      [6, 'between 1 and 5'],
      ['two', 'must be an integer'],
      [undefined, 'is required'],
    ] as const) {
      const r = await conform<{ errors: Record<string, string[]> }>(
        await api.send('POST', path, count === undefined ? {} : { replica_count: count }),
        'POST /api/v1/database/{databaseInstance}/replicas',
        422,
      );
      expect(r.errors.replica_count![0]).toContain(message);
    }
    await api.send('POST', path, { replica_count: 4 });
    api.advance(180);
    expect((await body<{ errors: Obj }>(await api.send('POST', path, { replica_count: 2 }))).errors).toHaveProperty('replica_count');
    await api.send('POST', `/api/v1/database/${SEED_IDS.mysql}/stop`);
    api.advance(60);
    const refused = await api.send('POST', `/api/v1/database/${SEED_IDS.mysql}/replicas`, { replica_count: 1 });
    expect(refused.status).toBe(422);
    expect(await body(refused)).toEqual({ error: 'Replicas can only be changed while the database instance is running', status: 'stopped' });
    const forbidden = await api.send('POST', path, { replica_count: 1 }, { token: api.sim.tokens.default });
    expect(forbidden.status).toBe(403);
    expect((await api.get(path, { token: api.sim.tokens.default })).status).toBe(200);
  });
});

describe('create and update rules', () => {
  test('the fields of StoreApi*InstanceRequest, in Laravel words', async () => {
    const errors = async (kind: Kind, b: Obj) => (await body<{ errors: Record<string, string[]> }>(await api.send('POST', `/api/v1/${kind}`, b))).errors;
    expect(await errors('database', {})).toEqual({
      name: ['The name field is required.'],
      provider: ['The provider field is required when database provider id is not present.'],
      datacenter: ['The datacenter field is required.'],
      resource_profile: ['The resource profile field is required.'],
    });
    expect(await errors('database', createBody('database', 'orders-pg', { provider: 'oracle', datacenter: 'ash', database_name: '1st', resource_profile: 'huge' }))).toEqual({
      name: ['The name has already been taken.'],
      provider: ['The selected provider is invalid.'],
      database_name: ['The database name field format is invalid.'],
      datacenter: ['The selected datacenter is invalid.'],
      resource_profile: ['The selected resource profile is invalid.'],
    });
    expect(await errors('database', createBody('database', 'x-db', { version: '9.6' }))).toEqual({ version: ['The selected version is invalid.'] });
    expect(await errors('cache', createBody('cache', 'x-cache', { provider: undefined, cache_provider_id: 9 }))).toEqual({ cache_provider_id: ['The selected cache provider id is invalid.'] });
    // The provider id stands for the provider; the version defaults to the engine's current one.
    const byId = await body<{ instance: Obj }>(await api.send('POST', '/api/v1/cache', createBody('cache', 'by-id', { provider: undefined, cache_provider_id: 3 })));
    expect(byId.instance).toMatchObject({ provider: { type: 'dragonfly' }, version: '1.21' });
    // The same name in another team is fine.
    expect((await api.send('POST', '/api/v1/database', createBody('database', 'orders-pg'), { team: 2 })).status).toBe(201);
  });

  test('update: refused unless running; storage only grows; a rename keeps the private endpoint', async () => {
    const pg = `/api/v1/database/${SEED_IDS.mysql}`;
    expect((await body<{ errors: Obj }>(await api.send('PUT', pg, { storage_size_gb: 10 }))).errors).toEqual({ storage_size_gb: ['The storage size gb field must be at least 40.'] });
    const renamed = await body<{ instance: Obj }>(await api.send('PUT', pg, { name: 'shop-db', storage_size_gb: 80 }));
    expect(renamed.instance).toMatchObject({ name: 'shop-db', storage_size_gb: 80, internal_host: 'shop-mysql.svc.cluster.local', status: 'updating' });
    const busy = await api.send('PUT', pg, { resource_profile: 'large' });
    expect(busy.status).toBe(422);
    expect(await body(busy)).toEqual({ error: 'Database instance cannot be updated in its current state', status: 'updating' });
    api.advance(60);
    await api.send('POST', `/api/v1/cache/${SEED_IDS.valkey}/stop`);
    api.advance(60);
    expect(await body(await api.send('PUT', `/api/v1/cache/${SEED_IDS.valkey}`, { resource_profile: 'large' }))).toEqual({
      error: 'Cache instance cannot be updated in its current state',
      status: 'stopped',
    });
    // Anything the guard cannot judge (no token, no such instance) is the engine's to answer.
    expect((await api.send('PUT', pg, {}, { token: null })).status).toBe(401);
    expect((await api.send('PUT', '/api/v1/cache/nope', {})).status).toBe(404);
  });

  test('names ending -fail fail their create: status error, no credentials, a fatal finding', async () => {
    const made = await body<{ instance: Obj }>(await api.send('POST', '/api/v1/database', createBody('database', 'etl-fail')));
    const id = String(made.instance.id);
    api.advance(120);
    const show = await body<{ instance: Obj; connection_info: unknown }>(await api.get(`/api/v1/database/${id}`));
    expect(show.instance).toMatchObject({ status: 'error', status_label: 'Error', status_details: { summary: 'failed', error: { code: 'database.create_failed', retryable: false } } });
    expect(show.connection_info).toBeNull();
    expect((await api.get(`/api/v1/database/${id}/credentials`)).status).toBe(503);
    const diag = await body<{ data: { verdict: string; findings: Obj[] } }>(await api.get(`/api/v1/database/${id}/diagnose`));
    expect(diag.data.verdict).toBe('failed');
    expect(diag.data.findings[0]).toMatchObject({ code: 'database.create_failed', severity: 'fatal' });
  });
});

describe('public DNS and credentials of new instances', () => {
  test('ports stay unique on the shared load balancer across both families; a stopped PostgreSQL is not ready for DNS', async () => {
    const c = await body<{ instance: Obj }>(await api.send('POST', '/api/v1/cache', createBody('cache', 'dns-cache')));
    api.advance(60);
    const on = await body<Obj>(await api.send('POST', `/api/v1/cache/${String(c.instance.id)}/dns`));
    const mysql = await body<Obj>(await api.send('POST', `/api/v1/database/${SEED_IDS.mysql}/dns`));
    expect(new Set([30000, 30001, on.dns_port, mysql.dns_port]).size).toBe(4);
    const creds = await body<Obj>(await api.get(`/api/v1/cache/${String(c.instance.id)}/connection-info`));
    expect(creds).toMatchObject({ host: 'dns-cache.main.managed.sim.local', port: on.dns_port, username: 'default' });
    await api.send('POST', `/api/v1/database/${SEED_IDS.mariadb}/stop`);
    await api.send('DELETE', `/api/v1/database/${SEED_IDS.postgres}/dns`);
    await api.send('POST', `/api/v1/database/${SEED_IDS.postgres}/stop`);
    api.advance(60);
    expect(await body(await api.send('POST', `/api/v1/database/${SEED_IDS.postgres}/dns`))).toEqual({ message: 'The database is not ready yet — wait for it to come up before enabling DNS' });
    // MariaDB has no such pod: a stopped one is on its node, and DNS goes on.
    expect((await api.send('POST', `/api/v1/database/${SEED_IDS.mariadb}/dns`)).status).toBe(200);
  });
});
