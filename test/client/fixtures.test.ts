// The client against the fixture corpus (real-shaped answers, test/fixtures): every schema
// that reads an answer reads every successful fixture of the operations it is used for, through
// the client call that reads it (one request, to the fixture's own operation); and every error
// answer of the corpus becomes the right typed error, with the server's code and retry word,
// retried only when the contract says so.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import * as S from '../../src/client/schemas.js';
import { ApiError, AuthError, ConflictError, NotFoundError, ResponseShapeError, UnavailableError, ValidationError } from '../../src/client/errors.js';
import { readErrorBody } from '../../src/client/error-body.js';
import { HttpClient } from '../../src/client/http.js';
import { DIAGNOSTICS_PERMISSION, containerPath } from '../../src/client/diagnostics.js';
import type { ContainerRead } from '../../src/client/serverless.js';
import type { Answer } from '../../src/client/datastores.js';
import type { Enveloped, LogsPage } from '../../src/client/diagnostics.js';
import type { Page } from '../../src/client/paginate.js';
import { FIXTURES, fixture, fixturesFor, type Fixture } from '../fixtures/index.js';
import { startFixtureServer } from '../fixtures/server.js';
import { instantClock, type FakeClock } from '../helpers/clock.js';
import { NOT_READERS, READERS, SOME_ID, fakeApi, fixturesOf, type Reader } from './readers.js';

const isSchema = (v: unknown): v is z.ZodMiniType => typeof v === 'object' && v !== null && typeof (v as { safeParse?: unknown }).safeParse === 'function';

/** The fixture's path with its parameters filled in: what the client is expected to request. */
function pathPattern(f: Fixture): RegExp {
  return new RegExp(`^${f.path.replace(/:\w+/g, '[^/?]+')}(\\?|$)`);
}

describe('the readers cover schemas.ts and the corpus', () => {
  it('every schema of schemas.ts is a reader or a named part of one', () => {
    const exported = Object.entries(S).filter(([, v]) => isSchema(v));
    const readers = new Set(READERS.map((r) => r.schema).filter(Boolean));
    const unclassified = exported.filter(([name, v]) => !readers.has(v as z.ZodMiniType) && !(name in NOT_READERS)).map(([n]) => n);
    expect(unclassified, 'add the schema to READERS (with its operations) or to NOT_READERS').toEqual([]);
    expect(
      Object.keys(NOT_READERS).filter((n) => !isSchema((S as Record<string, unknown>)[n])),
      'stale NOT_READERS entries',
    ).toEqual([]);
  });

  it.each(READERS.map((r) => [r.name, r] as const))('%s: each of its operations has successful fixtures', (_n, r) => {
    for (const op of r.operations) expect(fixturesFor(op).filter((f) => f.status < 300).length, op).toBeGreaterThan(0);
  });

  it('the variants without generations, without status_details and the lenient ones are among them', () => {
    const covered = new Set(READERS.flatMap(fixturesOf).map((f) => f.name));
    for (const name of [
      'serverless/list.no-generations',
      'serverless/show.no-generations',
      'serverless/show.no-generations.rolling',
      'serverless/show.no-generations.rolled-out',
      'serverless/show.no-generations.degraded',
      'serverless/store.no-generations',
      'serverless/update.no-generations',
      'serverless/redeploy.no-generations',
      'serverless/show.no-status-details',
      'serverless/show.lenient-number-strings',
      'serverless/show.lenient-nested-objects',
      'serverless/show.empty-env',
      'serverless/show.extra-fields',
      'serverless/diagnose.lenient-meta-array',
      'serverless/logs.null-pod',
      'vps/list.lenient',
      'database/show.lenient',
      'database/show.no-connection-info',
      'cache/show.lenient-engine-string',
      'snapshots/cache-list.no-instance',
      'snapshots/vps-list.rich',
    ]) {
      expect(covered.has(name), name).toBe(true);
    }
  });
});

describe('every successful fixture, through the client call that reads it', () => {
  const api = fakeApi();
  afterAll(() => api.close());
  beforeEach(() => {
    api.requests.length = 0;
  });

  const cases = READERS.flatMap((r) => fixturesOf(r).map((f) => [r.name, f.name, r, f] as const));

  it.each(cases)('%s reads %s', async (_r, _f, reader: Reader, f: Fixture) => {
    if (reader.schema) {
      const direct = reader.schema.safeParse(f.body);
      expect(direct.success, JSON.stringify(direct.error?.issues.slice(0, 3))).toBe(true);
    }
    api.serve(f);
    await expect(reader.call(api.client, f)).resolves.toBeDefined();
    // One request, to the operation the fixture answers.
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]!.method).toBe(f.method);
    expect(api.requests[0]!.path).toMatch(pathPattern(f));
  });
});

describe('what the client reads from the variants', () => {
  const api = fakeApi();
  afterAll(() => api.close());
  const container = async (name: string) => {
    api.serve(fixture(name));
    return (await api.client.serverless.get(SOME_ID)) as ContainerRead;
  };

  it('with generations: spec and observed generation; without: neither, the rest as usual', async () => {
    const gen = await container('serverless/show.in-progress');
    expect(gen.container.spec_generation).toBe(8);
    expect(gen.container.observed_generation).toBe(8);
    for (const name of ['serverless/show.no-generations', 'serverless/show.no-generations.rolling']) {
      const c = (await container(name)).container;
      expect(c.spec_generation, name).toBeUndefined();
      expect(c.observed_generation, name).toBeUndefined();
      expect(c.status_details?.observed_at, name).toMatch(/^2026-08-19T/);
      expect(typeof c.deployment_count, name).toBe('number');
    }
    const before = (await container('serverless/show.no-generations')).container;
    const after = (await container('serverless/show.no-generations.rolling')).container;
    expect(after.deployment_count).toBe(before.deployment_count! + 1);
  });

  it('without status_details: the container still reads, with no status details', async () => {
    const r = await container('serverless/show.no-status-details');
    expect(r.container.id).toBe(SOME_ID);
    expect(r.container.status_details).toBeUndefined();
    expect(r.container.status).toBeTypeOf('string');
  });

  it('numbers as strings are read as numbers', async () => {
    const c = (await container('serverless/show.lenient-number-strings')).container;
    expect([c.port, c.min_scale, c.max_scale, c.deployment_count]).toEqual([8080, 1, 5, 7]);
  });

  it('objects where optional strings were expected are dropped from the view and kept for --json', async () => {
    const r = await container('serverless/show.lenient-nested-objects');
    expect(r.container.description).toBeUndefined();
    expect(r.container.name).toBe('checkout-api');
    expect(r.raw.description).toEqual({ en: 'Checkout and cart API' });
  });

  it('an empty environment sent as [] is an empty map', async () => {
    expect((await container('serverless/show.empty-env')).container.environment_variables).toEqual({});
  });

  it('the url of the answer joins the container (for --json too)', async () => {
    const r = await container('serverless/show');
    const f = fixture<{ url: string; container: Record<string, unknown> }>('serverless/show');
    expect(r.container.url).toBe(f.body.container.url ?? f.body.url);
    expect(r.raw.url).toBe(f.body.container.url ?? f.body.url);
  });

  it('a database with numbers as strings, an object for its version and no engine', async () => {
    api.serve(fixture('database/show.lenient'));
    const { value } = (await api.client.datastores.get('database', SOME_ID)) as Answer<S.Datastore>;
    expect(value.port).toBe(5432);
    expect(value.version).toBeUndefined();
    expect(value.engine).toBeUndefined();
  });

  it('a cache whose engine is a plain string: no engine, the provider still read', async () => {
    api.serve(fixture('cache/show.lenient-engine-string'));
    const { value } = (await api.client.datastores.get('cache', SOME_ID)) as Answer<S.Datastore>;
    expect(value.engine).toBeUndefined();
    expect(value.provider).toMatchObject({ name: 'Redis', type: 'redis' });
  });

  it('an envelope whose meta is [] (an empty PHP array): meta reads as empty', async () => {
    api.serve(fixture('serverless/diagnose.lenient-meta-array'));
    const r = (await api.client.diagnostics.diagnose(containerPath(SOME_ID))) as Enveloped<S.DiagnoseData>;
    expect(r.meta).toEqual({});
    expect(r.data.verdict).toBe('healthy');
    expect(r.data.findings).toEqual([]);
  });

  it('log entries with a null pod and an unknown level', async () => {
    api.serve(fixture('serverless/logs.null-pod'));
    const page = (await api.client.diagnostics.logsPage(containerPath(SOME_ID), { since: '2026-08-19T09:00:00Z' })) as LogsPage;
    expect(page.entries.map((e) => [e.pod, e.level])).toEqual([
      [null, 'info'],
      ['checkout-api-3f6c2a1e-00007-deployment-5f8b7c6d9-h2j4k', 'unknown'],
    ]);
    expect(page.meta.retention_days).toBe(10);
  });

  it('recovery points: integer ids read as text, sizes as numbers', async () => {
    api.serve(fixture('snapshots/cache-list.no-instance'));
    const page = (await (await api.client.recovery.points('cache')).next()).value as Page<S.RecoveryPoint>;
    expect(page.items[0]).toMatchObject({ id: '518', size_mb: 312.55 });
  });
});

// --- errors ----------------------------------------------------------------------------

interface ErrorCase {
  fixture: string;
  /** The client call (default: a raw request to the fixture's operation). */
  call?: (c: ReturnType<typeof fakeApi>['client']) => Promise<unknown>;
  type: typeof ApiError;
  code?: string;
  retryable?: boolean;
  message?: RegExp;
  permission?: string;
  fieldErrors?: Record<string, string[]>;
  /** Requests sent in all (1 + retries). */
  requests: number;
  sleeps?: number[];
}

const ERROR_CASES: ErrorCase[] = [
  // {message}
  { fixture: 'errors/401', call: (c) => c.vps.pages().next(), type: AuthError, message: /^Unauthenticated\.$/, requests: 1 },
  {
    fixture: 'errors/403',
    call: (c) => c.diagnostics.logsPage(containerPath(SOME_ID), { since: '2026-08-19T09:00:00Z' }, { permission: DIAGNOSTICS_PERMISSION }),
    type: AuthError,
    message: /^This action is unauthorized\.$/,
    permission: 'serverless:diagnostics',
    requests: 1,
  },
  {
    fixture: 'errors/403.missing-ability',
    call: (c) => c.datastores.credentials('database', SOME_ID),
    type: AuthError,
    message: /^Invalid ability provided\.$/,
    permission: 'database:read',
    requests: 1,
  },
  { fixture: 'snapshots/vps-list.403', call: (c) => c.recovery.points('vps').next(), type: AuthError, permission: 'snapshot:read', requests: 1 },
  { fixture: 'errors/404', call: (c) => c.serverless.get(SOME_ID), type: NotFoundError, message: /^No query results for model \[App\\Models\\ServerlessContainer\] /, requests: 1 },
  { fixture: 'errors/404.database', call: (c) => c.datastores.get('database', SOME_ID), type: NotFoundError, message: /DatabaseInstance/, requests: 1 },
  { fixture: 'recovery/capabilities.404', call: (c) => c.recovery.capabilities(), type: NotFoundError, message: /could not be found/, requests: 1 },
  { fixture: 'errors/500', call: (c) => c.serverless.pages().next(), type: UnavailableError, message: /500 on GET \/api\/v1\/serverless: Server Error$/, requests: 1 },
  // 429: waited as the server asked (Retry-After), then given up
  { fixture: 'errors/429', call: (c) => c.serverless.get(SOME_ID), type: UnavailableError, message: /rate limited .*429 after 4 attempts/, requests: 4, sleeps: [37_000, 37_000, 37_000] },
  { fixture: 'errors/429.list', call: (c) => c.serverless.pages().next(), type: UnavailableError, requests: 4, sleeps: [5_000, 5_000, 5_000] },
  // a 503 {message} of a GET is retried with backoff
  {
    fixture: 'database/credentials.503',
    call: (c) => c.datastores.credentials('database', SOME_ID),
    type: UnavailableError,
    message: /503 .*after 4 attempts: Credentials are not available yet/,
    requests: 4,
  },
  // {message, errors}
  {
    fixture: 'errors/422',
    type: ValidationError,
    fieldErrors: { storage_size_gb: ['The storage size gb field must be at least 40.'], resource_profile: ['The selected resource profile is invalid.'] },
    requests: 1,
  },
  { fixture: 'serverless/logs.422-since', call: (c) => c.diagnostics.logsPage(containerPath(SOME_ID), { since: '2026-01-01T00:00:00Z' }), type: ValidationError, requests: 1 },

  // {error}: 409, and a 422 that refuses the state rather than the input
  // (the v1.7.0 restore's 422 is {message}, no field errors: a refusal too)
  {
    fixture: 'snapshots/vps-restore.422-confirm-name',
    call: (c) => c.recovery.restore('vps', '311', { confirmName: 'wrong', safetyPoint: true, idempotencyKey: 'k-1' }),
    type: ConflictError,
    message: /must match the resource name/,
    requests: 1,
  },
  { fixture: 'serverless/redeploy.409', call: (c) => c.serverless.redeploy(SOME_ID), type: ConflictError, message: /^A deployment is already in progress\./, requests: 1 },
  { fixture: 'serverless/redeploy.409-state', call: (c) => c.serverless.redeploy(SOME_ID), type: ConflictError, requests: 1 },
  { fixture: 'cache/start.422', type: ConflictError, message: /^Cache instance cannot be started in its current state$/, requests: 1 },
  {
    fixture: 'snapshots/vps-restore.409-idempotency',
    call: (c) => c.recovery.restore('vps', '311', { confirmName: 'bastion-1', safetyPoint: true, idempotencyKey: 'k-1' }),
    type: ConflictError,
    requests: 1,
  },
  { fixture: 'database/dns-enable.409', call: (c) => c.datastores.enableDns('database', SOME_ID), type: ConflictError, message: /already enabled/, requests: 1 },
  // {message, error}: the detail joins the message; a POST's 500 is not repeated
  {
    fixture: 'database/dns-enable.500',
    call: (c) => c.datastores.enableDns('database', SOME_ID),
    type: UnavailableError,
    message: /500 on POST .*: Failed to enable DNS: An unexpected error occurred\.$/,
    requests: 1,
  },
  // envelopes: {success: false, error: {code, message, retryable}}
  {
    fixture: 'serverless/logs.503',
    call: (c) => c.diagnostics.logsPage(containerPath(SOME_ID), { since: '2026-08-19T09:00:00Z' }),
    type: UnavailableError,
    code: 'serverless.logs_unavailable',
    retryable: true,
    requests: 4,
  },
  { fixture: 'serverless/revisions.503', call: (c) => c.diagnostics.revisions(containerPath(SOME_ID)), type: UnavailableError, code: 'serverless.revisions_unavailable', retryable: true, requests: 4 },
  {
    fixture: 'serverless/events.503-not-permitted',
    call: (c) => c.diagnostics.events(containerPath(SOME_ID)),
    type: UnavailableError,
    code: 'serverless.events_not_permitted',
    retryable: false,
    requests: 1,
  },
  {
    fixture: 'operations/show.404',
    call: (c) => c.serverless.operation('01K3D2X8R6M4Q9T1V5W7Y0ZB3C'),
    type: NotFoundError,
    code: 'operation.not_found',
    retryable: false,
    message: /^No such operation\.$/,
    requests: 1,
  },
];

function concretePath(f: Fixture): string {
  return f.path.replace(/:(\w+)/g, (_m, name: string) => (/Snapshot$/.test(name) ? '311' : SOME_ID));
}

describe('every error shape becomes the right typed error', () => {
  const api = fakeApi();
  afterAll(() => api.close());
  beforeEach(() => {
    api.requests.length = 0;
    api.sleeps.length = 0;
  });

  it.each(ERROR_CASES.map((c) => [c.fixture, c] as const))('%s', async (_n, c) => {
    const f = fixture(c.fixture);
    api.serve(f);
    const call = c.call ?? ((cl) => cl.http.request(f.method, concretePath(f), { body: f.method === 'GET' ? undefined : {} }));
    const err = (await call(api.client).then(
      () => undefined,
      (e: unknown) => e,
    )) as ApiError;
    expect(err, 'the call should have failed').toBeInstanceOf(c.type);
    expect(err).not.toBeInstanceOf(ResponseShapeError);
    expect(err.status).toBe(f.status);
    expect(err.endpoint).toMatch(new RegExp(`^${f.method} ${f.path.replace(/:\w+/g, '[^/]+')}$`));
    expect(err.message).not.toMatch(/\n/);
    if (c.message) expect(err.message).toMatch(c.message);
    expect(err.code).toBe(c.code);
    expect(err.retryable).toBe(c.retryable);
    if (c.permission) expect((err as AuthError).permission).toBe(c.permission);
    if (c.fieldErrors) expect((err as ValidationError).fieldErrors).toEqual(c.fieldErrors);
    if (err instanceof ValidationError) expect(Object.keys(err.fieldErrors).length).toBeGreaterThan(0);
    expect(err.body).toEqual(f.body);
    expect(api.requests).toHaveLength(c.requests);
    if (c.sleeps) expect(api.sleeps).toEqual(c.sleeps);
    else expect(api.sleeps).toHaveLength(c.requests - 1);
  });

  // Every other error answer of the typed families: a typed error of its status, with the
  // server's message, never a crash or a "cannot read the response".
  const TYPED = new Set(['errors', 'serverless', 'vps', 'database', 'cache', 'snapshots', 'recovery', 'operations', 'user']);
  const sweep = FIXTURES.filter((f) => f.status >= 400 && TYPED.has(f.family));

  it.each(sweep.map((f) => [f.name, f] as const))('sweep: %s', async (_n, f) => {
    api.serve(f);
    const err = (await api.client.http.request(f.method, concretePath(f), { body: f.method === 'GET' ? undefined : {} }).then(
      () => undefined,
      (e: unknown) => e,
    )) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).not.toBeInstanceOf(ResponseShapeError);
    expect(err.status).toBe(f.status);
    const expected =
      f.status === 401 || f.status === 403
        ? AuthError
        : f.status === 404
          ? NotFoundError
          : f.status === 409
            ? ConflictError
            : f.status === 422
              ? readErrorBody(f.body).stateRefusal
                ? ConflictError
                : ValidationError
              : UnavailableError;
    expect(err).toBeInstanceOf(expected);
    const said = readErrorBody(f.body);
    if (said.message && f.status !== 429) expect(err.message).toContain(said.message);
    expect(err.code).toBe(said.code);
    expect(err.retryable).toBe(said.retryable);
  });
});

describe('retryable: false on a 503 envelope, over real HTTP (the fixture server)', () => {
  let server: Awaited<ReturnType<typeof startFixtureServer>> | undefined;
  let client: HttpClient | undefined;
  let clock: FakeClock;
  beforeEach(() => {
    clock = instantClock({ start: 0, frozen: true });
  });
  afterEach(async () => {
    await client?.close();
    await server?.close();
  });

  const events = async (name: string) => {
    server = await startFixtureServer({ 'GET /api/v1/serverless/:id/events': name });
    client = new HttpClient({ apiUrl: server.url, token: 'tok', clock });
    const err = (await client.get(`${containerPath(SOME_ID)}/events`, { schema: S.envelopeOf(S.EventsData) }).catch((e: unknown) => e)) as ApiError;
    return { err, requests: server.requests.length };
  };

  it('is sent once: the server said a retry cannot help', async () => {
    const { err, requests } = await events('serverless/events.503-not-permitted');
    expect(err).toBeInstanceOf(UnavailableError);
    expect([err.status, err.code, err.retryable]).toEqual([503, 'serverless.events_not_permitted', false]);
    expect(requests).toBe(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('the same 503 with retryable: true is retried (1 + 3 attempts)', async () => {
    const { err, requests } = await events('serverless/events.503');
    expect(err).toBeInstanceOf(UnavailableError);
    expect(err.retryable).toBe(true);
    expect(requests).toBe(4);
    expect(clock.sleeps).toHaveLength(3);
  });

  it('a 503 then the answer: retried once, and the answer read', async () => {
    server = await startFixtureServer({ 'GET /api/v1/serverless/:id/events': ['serverless/events.503', 'serverless/events'] });
    client = new HttpClient({ apiUrl: server.url, token: 'tok', clock });
    const res = await client.get(`${containerPath(SOME_ID)}/events`, { schema: S.envelopeOf(S.EventsData) });
    expect(res.data.data.events.length).toBeGreaterThan(0);
    expect(server.answers.map((a) => a.fixture)).toEqual(['serverless/events.503', 'serverless/events']);
  });
});
