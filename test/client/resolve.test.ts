// Name resolution (contract 12): a reference shaped like an id is used as it is, without a
// request; anything else is looked up in one list request with large pages (the pages after
// the first fetched together). Projects: an integer is a team id; a name is looked up once in
// GET /user/teams and sent as X-Team-Id.
import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { AmbiguousNameError, NotFoundError } from '../../src/client/errors.js';
import { HttpClient } from '../../src/client/http.js';
import { Client } from '../../src/client/index.js';
import { looksLikeId, pickByRef, RESOLVE_PER_PAGE, type Named } from '../../src/client/resolve.js';
import { isTeamId, pickTeam } from '../../src/client/teams.js';
import type { Team } from '../../src/client/schemas.js';
import { fixture } from '../fixtures/index.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';

const UUID = '3f6c2a1e-8b47-4d2a-9e15-6a0d4c7b9f21';

describe('looksLikeId', () => {
  it.each([
    ['a UUID', UUID, 'uuid', true],
    ['an upper-case UUID', UUID.toUpperCase(), 'uuid', true],
    ['a ULID', '01J8Z6Q4M3V7K2T9XH5B0RPC1D', 'uuid', true],
    ['a name', 'checkout-api', 'uuid', false],
    ['a name of 26 letters with an I (not Crockford)', 'IIIIIIIIIIIIIIIIIIIIIIIIII', 'uuid', false],
    ['an integer where ids are UUIDs', '101', 'uuid', false],
    ['a UUID without its dashes', UUID.replace(/-/g, ''), 'uuid', false],
    ['a UUID with a suffix', `${UUID}x`, 'uuid', false],
    ['an integer', '311', 'integer', true],
    ['a name where ids are integers', 'bastion-1 daily', 'integer', false],
    ['a UUID where ids are integers', UUID, 'integer', false],
    ['a negative number', '-1', 'integer', false],
    ['a decimal', '1.5', 'integer', false],
    ['nothing', '', 'integer', false],
    ['nothing (uuid)', '', 'uuid', false],
  ] as const)('%s: %j (%s ids) → %s', (_what, ref, ids, expected) => {
    expect(looksLikeId(ref, ids)).toBe(expected);
  });
});

describe('pickByRef', () => {
  const containers: Named[] = [
    { id: 'c-1', name: 'checkout-api', slug: 'checkout' },
    { id: 'c-2', name: 'image-resizer', slug: 'image-resizer' },
    { id: 'c-3', name: 'twin', slug: 'twin-a' },
    { id: 'c-4', name: 'twin', slug: 'twin-b' },
    { id: 'c-5', name: 'resizer', slug: 'image' },
    { id: 'c-6', name: 'c-1', slug: 'c-1-copy' },
    { id: 'c-7', name: 'other', slug: 'resizer' },
  ];
  const withSlug = { noun: 'container', aliases: ['slug'] as const };
  const plain = { noun: 'database' };

  it.each([
    ['an id', 'c-2', withSlug, 'c-2'],
    ['an id wins over a name equal to it', 'c-1', withSlug, 'c-1'],
    ['a name', 'checkout-api', withSlug, 'c-1'],
    ['a slug', 'checkout', withSlug, 'c-1'],
    ['a name that is also its own slug counts once', 'image-resizer', withSlug, 'c-2'],
    ['a slug means nothing without the alias', 'checkout', plain, undefined],
    ['nothing matching', 'nope', withSlug, undefined],
    ['a case-different name is another name', 'Checkout-API', withSlug, undefined],
  ] as const)('%s: %j → %s', (_what, ref, family, expected) => {
    expect(pickByRef(containers, ref, family)?.id).toBe(expected);
  });

  it.each([
    ['two resources share a name', 'twin', ['c-3', 'c-4']],
    ["one resource's name is another's slug", 'resizer', ['c-5', 'c-7']],
  ])('ambiguity: %s → a usage error listing the ids', (_what, ref, ids) => {
    let err: unknown;
    try {
      pickByRef(containers, ref, withSlug);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AmbiguousNameError);
    expect((err as Error).message).toBe(`2 containers are named "${ref}"; use the id (${ids.join(', ')})`);
  });

  // What a narrow terminal shows of an id (src/shared/short-id.ts) is accepted back.
  describe('a unique id prefix of 8 characters or more', () => {
    const pods: Named[] = [
      { id: '52df57d4-9adc-4343-80d1-20b0d106ef9f', name: 'web' },
      { id: 'aa355f51-9b8e-46c3-9000-7ae48f8ddeef', name: 'api' },
      { id: 'aa355f51-1111-46c3-9000-7ae48f8ddeef', name: 'api-2' },
      { id: '0b0b0b0b-0000-4000-8000-000000000000', name: '52df57d4-name' },
    ];
    it.each([
      ['the prefix a table shows', '52df57d4', '52df57d4-9adc-4343-80d1-20b0d106ef9f'],
      ['a longer prefix', '52df57d4-9adc', '52df57d4-9adc-4343-80d1-20b0d106ef9f'],
      ['in capitals', '52DF57D4', '52df57d4-9adc-4343-80d1-20b0d106ef9f'],
      ['the longer prefix that tells two apart', 'aa355f51-9', 'aa355f51-9b8e-46c3-9000-7ae48f8ddeef'],
      ['shorter than 8: not a reference', '52df57d', undefined],
      ['a name that looks like a prefix means the named one', '52df57d4-name', '0b0b0b0b-0000-4000-8000-000000000000'],
    ] as const)('%s: %j → %s', (_what, ref, expected) => {
      expect(pickByRef(pods, ref, plain)?.id).toBe(expected);
    });

    it('a prefix two ids share is a usage error listing them', () => {
      expect(() => pickByRef(pods, 'aa355f51', plain)).toThrow(
        '2 databases have ids starting with "aa355f51"; use more of the id (aa355f51-9b8e-46c3-9000-7ae48f8ddeef, aa355f51-1111-46c3-9000-7ae48f8ddeef)',
      );
    });
  });
});

describe('isTeamId and pickTeam', () => {
  it.each([
    ['1', true],
    ['42', true],
    ['staging', false],
    ['Acme Platform', false],
    ['1a', false],
    ['-2', false],
    ['', false],
  ])('isTeamId(%j) → %s', (ref, expected) => {
    expect(isTeamId(ref)).toBe(expected);
  });

  const teams: Team[] = [
    { id: '42', name: 'Acme Platform' },
    { id: '7', name: "Dana's Team" },
    { id: '108', name: 'ops' },
    { id: '109', name: 'ops' },
    { id: '5', name: '42' },
  ];

  it.each([
    ['a name', 'Acme Platform', '42'],
    ['an id', '7', '7'],
    ['an id wins over a team named like it', '42', '42'],
  ])('%s: %j → %s', (_what, ref, expected) => {
    expect(pickTeam(teams, ref)).toBe(expected);
  });

  it('a name two teams share: a usage error listing their ids', () => {
    expect(() => pickTeam(teams, 'ops')).toThrow(AmbiguousNameError);
    expect(() => pickTeam(teams, 'ops')).toThrow('2 projects are named "ops"; use the id (108, 109)');
  });

  it('an unknown name: not found, naming the projects the token sees', () => {
    expect(() => pickTeam(teams, 'prod')).toThrow(NotFoundError);
    expect(() => pickTeam(teams, 'prod')).toThrow(`no project named "prod"; this token sees: Acme Platform (42), Dana's Team (7), ops (108), ops (109), 42 (5)`);
    expect(() => pickTeam([], 'prod')).toThrow(/^no project named "prod"$/);
  });
});

describe('resolving a reference over HTTP', () => {
  let server: FixtureServer | undefined;
  let client: Client | undefined;
  afterEach(async () => {
    await client?.close();
    await server?.close();
    client = server = undefined;
  });

  const start = async () => {
    server = await startFixtureServer([
      { route: 'GET /api/v1/serverless', query: { page: '1' }, fixture: 'serverless/list.page-1-of-2' },
      { route: 'GET /api/v1/serverless', query: { page: '2' }, fixture: 'serverless/list.page-2-of-2' },
      { route: 'GET /api/v1/snapshots/vps', fixture: 'snapshots/vps-list' },
    ]);
    client = new Client({ apiUrl: server.url, token: 'tok' });
    return { server, client };
  };
  const asked = (s: FixtureServer) => s.requests.map((r) => `${r.method} ${r.path}?${new URLSearchParams(r.query).toString()}`);

  it('a UUID is used as it is: no request', async () => {
    const { server, client } = await start();
    expect(await client.serverless.resolveId(UUID)).toBe(UUID);
    expect(server.requests).toEqual([]);
  });

  it('a name: exactly one list request, with per_page=200, when the list fits on one page', async () => {
    server = await startFixtureServer({ 'GET /api/v1/serverless': 'serverless/list', 'GET /api/v1/database': 'database/list' });
    client = new Client({ apiUrl: server.url, token: 'tok' });
    expect(await client.serverless.resolveId('pdf-renderer')).toBe('e8a51c09-7d3f-4b62-8f0e-25c4a9d6b713');
    expect(asked(server)).toEqual(['GET /api/v1/serverless?page=1&per_page=200']);
    server.reset();
    expect((await client.datastores.resolve('database', 'orders-pg')).item?.name).toBe('orders-pg');
    expect(asked(server)).toEqual(['GET /api/v1/database?page=1&per_page=200']);
    server.reset();
    // A ULID (database ids) is an id too: no request.
    expect((await client.datastores.resolve('database', '01J8Z6Q4M3V7K2T9XH5B0RPC1D')).id).toBe('01J8Z6Q4M3V7K2T9XH5B0RPC1D');
    expect(server.requests).toEqual([]);
  });

  it('a name on the first page: one list request with per_page=200, then the pages after it', async () => {
    const { server, client } = await start();
    const r = await client.serverless.resolve('image-resizer');
    expect(r.id).toBe('b2d94f70-1c3e-4a8b-a6f2-0e9d7c31a845');
    expect(r.item?.name).toBe('image-resizer');
    // The first page said last_page 2: a name may be on any page, and must be unique on all of them.
    expect(asked(server)).toEqual([`GET /api/v1/serverless?page=1&per_page=${RESOLVE_PER_PAGE}`, 'GET /api/v1/serverless?page=2&per_page=200']);
  });

  it('a slug on the second page', async () => {
    const { server, client } = await start();
    expect(await client.serverless.resolveId('webhooks-relay')).toBe('71e0c3d8-5a29-4f6b-8c14-d2b9e6a0f357');
    expect(server.requests.map((r) => r.query)).toEqual([
      { page: '1', per_page: '200' },
      { page: '2', per_page: '200' },
    ]);
    expect(server.requests.every((r) => r.headers.authorization === 'Bearer tok')).toBe(true);
  });

  it('an unknown name: not found once every page was read', async () => {
    const { server, client } = await start();
    const err = await client.serverless.resolveId('nope').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotFoundError);
    expect((err as Error).message).toBe('no container with the id, name or slug "nope" in this project');
    // Both pages, then one search for the name in other products (this server has none: the plain not-found stays).
    expect(server.requests.map((r) => r.query)).toEqual([{ page: '1', per_page: '200' }, { page: '2', per_page: '200' }, { q: 'nope' }]);
    expect((err as { lookup?: { elsewhere?: unknown } }).lookup?.elsewhere).toBeUndefined();
  });

  it('a recovery point (no single-point route) is looked up even by its integer id', async () => {
    const { server, client } = await start();
    const r = await client.recovery.findPoint('vps', '311');
    expect(r.id).toBe('311');
    expect(r.item?.name).toBe(fixture<{ data: { id: number; name: string }[] }>('snapshots/vps-list').body.data.find((p) => p.id === 311)!.name);
    expect(asked(server)).toEqual(['GET /api/v1/snapshots/vps?page=1&per_page=200']);
  });

  it('pages 2..N are all fetched (in parallel batches) when last_page > 1, each once', async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    const seen: string[] = [];
    const perPage = 2;
    const total = 11; // 6 pages
    agent
      .get('http://api.test')
      .intercept({ path: () => true, method: 'GET' })
      .reply((req) => {
        const q = new URL(req.path, 'http://api.test').searchParams;
        seen.push(`${q.get('page')}/${q.get('per_page')}`);
        const page = Number(q.get('page'));
        const data = Array.from({ length: total }, (_, i) => ({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: `db-${i}` })).slice((page - 1) * perPage, page * perPage);
        return {
          statusCode: 200,
          data: JSON.stringify({ data, pagination: { current_page: page, last_page: 6, per_page: perPage, total } }),
          responseOptions: { headers: { 'content-type': 'application/json' } },
        };
      })
      .persist();
    const c = new Client({ apiUrl: 'http://api.test', token: 'tok', dispatcher: agent });
    try {
      expect((await c.datastores.resolve('database', 'db-10')).id).toBe('00000000-0000-4000-8000-000000000010');
      expect(seen[0]).toBe('1/200');
      expect([...seen].sort()).toEqual(['1/200', '2/200', '3/200', '4/200', '5/200', '6/200']);
    } finally {
      await agent.close();
    }
  });
});

describe('the project by name over HTTP', () => {
  let server: FixtureServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const start = async (project: string) => {
    server = await startFixtureServer({ 'GET /api/v1/user/teams': 'user/teams', 'GET /api/v1/vps': 'vps/list', 'GET /api/v1/serverless': 'serverless/list' });
    return { server, http: new HttpClient({ apiUrl: server.url, token: 'tok', project }) };
  };

  it('a name is looked up once (without X-Team-Id), then sent as the team id on every request', async () => {
    const { server, http } = await start('Acme Staging');
    await Promise.all([http.get('/vps'), http.get('/serverless')]);
    await http.get('/vps');
    const sent = server.requests.map((r) => `${r.path} ${r.headers['x-team-id'] ?? '-'}`);
    // Two requests at once still share one lookup.
    expect(sent[0]).toBe('/api/v1/user/teams -');
    expect(sent.slice(1, 3).sort()).toEqual(['/api/v1/serverless 108', '/api/v1/vps 108']);
    expect(sent.slice(3)).toEqual(['/api/v1/vps 108']);
    await http.close();
  });

  it('an integer is a team id: no lookup', async () => {
    const { server, http } = await start('7');
    await http.get('/vps');
    expect(server.requests.map((r) => `${r.path} ${r.headers['x-team-id']}`)).toEqual(['/api/v1/vps 7']);
    await http.close();
  });

  it('an unknown name: not found, and the request it was for is never sent', async () => {
    const { server, http } = await start('prod');
    const err = await http.get('/vps').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotFoundError);
    expect((err as Error).message).toMatch(/^no project named "prod"; this token sees: Acme Platform \(42\), Dana's Team \(7\), Acme Staging \(108\)$/);
    expect(server.requests.map((r) => r.path)).toEqual(['/api/v1/user/teams']);
    await http.close();
  });
});
