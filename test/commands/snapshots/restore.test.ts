// Replace-existing restores (contract 10) end to end against the simulator: the review,
// confirmation on and off a terminal, idempotency keys, gates and the API's refusals.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HttpResponse, http } from 'msw';
import type { Simulator } from '../../../src/sim/server.js';
import { instantClock } from '../../helpers/clock.js';
import { ok, peek, SEED_IDS, simApi, useSimulator } from '../../helpers/sim.js';
import type { Prompter } from '../../../src/cli/context.js';
import { runCli, spawnCli } from '../../helpers/cli.js';

let sim: Simulator;
let env: Record<string, string>;

useSimulator((s, e) => {
  sim = s;
  env = e;
});

const posts = () => sim.requests.filter((r) => r.method === 'POST');
const S = SEED_IDS.snapshots;
const VPS_DAILY = String(S.vps.daily);
const VPS_MANUAL = String(S.vps.manual);
const VPS1 = SEED_IDS.vps[0]!;
const opId = () => sim.world.recovery.operations[0]!.id;
// On the simulator's frozen time: retries sleep at once, no real backoff.
const restore = (argv: string[], extra: Parameters<typeof runCli>[1] = {}) => runCli(['snapshots', 'restore', ...argv], { env, clock: instantClock({ sim, frozen: true }), ...extra });
const keyOf = (stderr: string) => /idempotency key: (\S+) \(reuse it with --idempotency-key to retry safely\)/.exec(stderr)?.[1];

function prompter(answer: string, asked: string[]): Prompter {
  return {
    text: async (q) => (asked.push(q), answer),
    secret: async () => {
      throw new Error('a restore never asks for a secret');
    },
  };
}

describe('before anything is sent', () => {
  test('without a terminal and without --confirm: exit 2 and no request at all', async () => {
    const r = await restore(['vps', VPS_DAILY]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--confirm NAME');
    expect(sim.requests).toHaveLength(0);
  });

  test('an unknown product is a usage error before any request', async () => {
    const r = await restore(['disk', '1', '--confirm', 'x']);
    expect(r.code).toBe(2);
    expect(sim.requests).toHaveLength(0);
  });

  test('an unknown point: 404 from the list lookup, exit 5, no POST', async () => {
    for (const ref of ['99', 'no-such-point']) {
      const r = await restore(['vps', ref, '--confirm', 'vps-01']);
      expect(r.code).toBe(5);
      expect(r.stderr).toContain(`"${ref}"`);
    }
    expect(posts()).toHaveLength(0);
    // There is no single-point route: each lookup is one read of the product's list (then one
    // search, so the error can say which product has the name).
    const lookup = ['GET /api/v1/snapshots/vps', 'GET /api/v1/resources/search'];
    expect(sim.requests.map((q) => `${q.method} ${q.path}`)).toEqual([...lookup, ...lookup]);
  });

  test("a point's name is accepted as well as its id", async () => {
    const r = await restore(['vps', 'vps-01-daily-11', '--confirm', 'vps-01']);
    expect(r.code, r.stderr).toBe(0);
    expect(posts()[0]?.path).toBe(`/api/v1/snapshots/vps/${VPS_DAILY}/restore`);
  });

  test('a --confirm that is not the resource name is refused locally: exit 2, no POST', async () => {
    const r = await restore(['vps', VPS_DAILY, '--confirm', 'vps-02']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('"vps-02" is not the resource\'s name "vps-01"; nothing was sent');
    expect(posts()).toHaveLength(0);
  });

  test('an invalid --idempotency-key is a usage error', async () => {
    const r = await restore(['vps', VPS_DAILY, '--confirm', 'vps-01', '--idempotency-key', 'has space']);
    expect(r.code).toBe(2);
    expect(sim.requests).toHaveLength(0);
  });
});

describe('gate open: 202 with an operation', () => {
  test('the review, the key on stderr, the operation id on stdout, the body sent', async () => {
    const r = await restore(['vps', VPS_DAILY, '--confirm', 'vps-01']);
    expect(r.code, r.stderr).toBe(0);
    expect(sim.world.recovery.operations).toHaveLength(1);
    expect(r.stdout).toBe(`${opId()}\n`);
    const created = sim.world.recovery.points.find((p) => p.product === 'vps' && p.id === S.vps.daily)!.createdAt;
    const cutoff = new Date(created).toISOString();
    // The resource's name comes from the point's vps_instance.
    expect(r.stderr).toContain(`resource:      vps-01 (vps ${VPS1})`);
    expect(r.stderr).toContain(`point:         ${VPS_DAILY} "vps-01-daily-11" (Automated, available, taken ${cutoff})`);
    expect(r.stderr).toContain(`everything written after ${cutoff} is lost`);
    expect(r.stderr).toContain('safety point:  on');
    expect(r.stderr).toContain('the resource is unavailable during the restore');
    // the v1.7.0 answer's `redirect` is a console page on another host: shown to people, never read
    expect(r.stderr).toContain(`restore accepted: operation ${opId()} (https://console.sim.local/operations/${opId()})\n`);
    expect(sim.requests.some((q) => q.path.includes('console'))).toBe(false);
    expect(r.stderr).toContain(`hint: follow it with: infra snapshots wait vps --operation ${opId()}`);
    const key = keyOf(r.stderr);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    const [post] = posts();
    expect(post?.path).toBe(`/api/v1/snapshots/vps/${VPS_DAILY}/restore`);
    expect(post?.body).toEqual({ confirm_name: 'vps-01', safety_point: true });
    expect(post?.headers['idempotency-key']).toBe(key);
    // The review comes before the POST: the point was read first.
    expect(sim.requests.map((q) => q.method)).toEqual(['GET', 'POST']);
  });

  test('--no-safety-point is sent and shown; --json prints the answer', async () => {
    const r = await restore(['cache', String(S.cache.redis), '--confirm', 'sessions-redis', '--no-safety-point', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ message: 'Cache snapshot restore accepted', operation_id: opId(), redirect: `https://console.sim.local/operations/${opId()}` });
    // No safety point was taken.
    expect(sim.world.recovery.operations[0]!.safetyPointId).toBeNull();
    expect(r.stderr).toContain('safety point:  off');
    expect(posts()[0]?.body).toEqual({ confirm_name: 'sessions-redis', safety_point: false });
  });

  test('--quiet still shows the review and the key', async () => {
    const r = await restore(['vps', VPS_DAILY, '--confirm', 'vps-01', '-q']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('everything written after');
    expect(keyOf(r.stderr)).toBeDefined();
  });
});

describe('on a terminal', () => {
  test('the user types the exact name; it is sent as confirm_name', async () => {
    const asked: string[] = [];
    const r = await restore(['vps', VPS_DAILY], { stdinTTY: true, prompter: prompter('vps-01', asked) });
    expect(r.code, r.stderr).toBe(0);
    expect(asked).toEqual(['Type the name of the resource (vps-01) to confirm: ']);
    expect(posts()[0]?.body).toEqual({ confirm_name: 'vps-01', safety_point: true });
    expect(r.stdout).toBe(`${opId()}\n`);
  });

  test('a typed name that differs is refused: exit 2, no POST', async () => {
    const r = await restore(['vps', VPS_DAILY], { stdinTTY: true, prompter: prompter('vps-1', []) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('nothing was sent');
    expect(posts()).toHaveLength(0);
  });
});

// The v1.7.0 facts: the restore's 422 is {message} (no field errors), which the client reads as a refusal (exit 1).
test('when the point does not name its resource (no vps_instance), the API checks the name: 422 {message} → exit 1 with its words', async () => {
  const list = await peek<{ data: Record<string, unknown>[] }>(sim, '/api/v1/snapshots/vps?per_page=100');
  const anonymous = { ...list, data: list.data.map(({ vps_instance: _i, ...p }: Record<string, unknown>) => p) };
  sim.requests.length = 0;
  sim.use(http.get('*/api/v1/snapshots/vps', () => HttpResponse.json(anonymous)));
  const r = await restore(['vps', VPS_DAILY, '--confirm', 'wrong-name']);
  expect(r.code).toBe(1);
  expect(r.stderr).toContain(`resource:      vps ${VPS1} (name not given by the API)`);
  expect(r.stderr).toMatch(/The confirm name field must match the resource name "vps-01"/);
  expect(posts()).toHaveLength(1);
  expect(sim.world.recovery.operations).toHaveLength(0);
});

test('gate closed: 200 {message}, the restore started directly, no operation id on stdout', async () => {
  await ok(await simApi(sim).control('/_sim/gates', { product: 'vps', open: false }));
  const r = await restore(['vps', VPS_DAILY, '--confirm', 'vps-01']);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stdout).toBe('');
  expect(r.stderr).toContain(`the restore of vps-01 from ${VPS_DAILY} started directly, as before`);
  expect(r.stderr).toContain('VPS snapshot restore initiated');
  // The body and the key are sent all the same; servers that predate them ignore them.
  expect(posts()[0]?.body).toEqual({ confirm_name: 'vps-01', safety_point: true });
  expect(posts()[0]?.headers['idempotency-key']).toBe(keyOf(r.stderr));
  // The database gate is closed in the seed.
  const j = await restore(['database', String(S.database.mysql), '--confirm', 'shop-mysql', '--json']);
  expect(j.code, j.stderr).toBe(0);
  expect(JSON.parse(j.stdout)).toEqual({ message: 'Database snapshot restore initiated' });
});

describe('idempotency and one destructive operation at a time', () => {
  test('the same request under the same key returns the same operation', async () => {
    const a = await restore(['vps', VPS_DAILY, '--confirm', 'vps-01', '--idempotency-key', 'k-retry-1']);
    const b = await restore(['vps', VPS_DAILY, '--confirm', 'vps-01', '--idempotency-key', 'k-retry-1']);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(a.stdout).toBe(`${opId()}\n`);
    expect(b.stdout).toBe(a.stdout);
    expect(posts().map((p) => p.headers['idempotency-key'])).toEqual(['k-retry-1', 'k-retry-1']);
    expect(keyOf(b.stderr)).toBe('k-retry-1');
    expect(sim.world.recovery.operations).toHaveLength(1);
  });

  test('a changed request under a reused key: 409, exit 1, says why', async () => {
    await restore(['vps', VPS_DAILY, '--confirm', 'vps-01', '--idempotency-key', 'k-2']);
    const r = await restore(['vps', VPS_DAILY, '--confirm', 'vps-01', '--idempotency-key', 'k-2', '--no-safety-point']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('refused by the API (409): the idempotency key k-2 was already used for a different request');
    expect(r.stderr).toMatch(/hint: a new request needs a new key/);
    expect(sim.world.recovery.operations).toHaveLength(1);
  });

  test('a second destructive operation on the same resource: 409, exit 1', async () => {
    await restore(['vps', VPS_DAILY, '--confirm', 'vps-01']);
    const r = await restore(['vps', VPS_MANUAL, '--confirm', 'vps-01']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('refused by the API (409): another destructive operation is running on vps-01; one runs per resource at a time');
    expect(posts().map((p) => p.path)).toEqual([`/api/v1/snapshots/vps/${VPS_DAILY}/restore`, `/api/v1/snapshots/vps/${VPS_MANUAL}/restore`]);
    expect(sim.world.recovery.operations).toHaveLength(1);
    expect(r.stderr).toMatch(/hint: wait until that operation has finished/);
  });

  /** The product's list without the points' actions (a server that predates them): only the API can refuse. */
  const withoutActions = async (product: string) => {
    const list = await peek<{ data: Record<string, unknown>[] }>(sim, `/api/v1/snapshots/${product}?per_page=100`);
    const bare = { ...list, data: list.data.map(({ actions: _a, ...p }: Record<string, unknown>) => p) };
    sim.requests.length = 0;
    sim.use(http.get(`*/api/v1/snapshots/${product}`, () => HttpResponse.json(bare)));
  };

  // The API refuses with 422 {error} (no field errors): a refusal of the state, not of the input.
  test('a product that cannot replace the resource (PostgreSQL): 422 {error} → exit 1, hint to capabilities', async () => {
    await withoutActions('database');
    const r = await restore(['database', String(S.database.postgres), '--confirm', 'orders-pg']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: refused by the API \(422\): PostgreSQL cannot be restored in place/m);
    expect(r.stderr).toContain("hint: 'infra recovery capabilities'");
    expect(sim.world.recovery.operations).toHaveLength(0);
  });

  test('a point that is still being created: 422 {error} → exit 1 with the reason', async () => {
    await withoutActions('vps');
    const r = await restore(['vps', String(S.vps.creating), '--confirm', 'vps-02']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/refused by the API \(422\): The recovery point is still being created/);
    expect(sim.world.recovery.operations).toHaveLength(0);
  });
});

describe('a dropped connection', () => {
  let proxy: Server;
  let proxyUrl = '';
  let dropped = 0;

  beforeAll(async () => {
    // Forwards to the simulator; the first restore POST is applied there, then its
    // connection is cut before the answer arrives, as when a network drops mid-request.
    proxy = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && !['host', 'connection', 'content-length'].includes(k)) headers[k] = v;
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      const upstream = await fetch(`${sim.url}${req.url}`, { method: req.method, headers, body });
      const text = Buffer.from(await upstream.arrayBuffer());
      if (req.method === 'POST' && req.url?.endsWith('/restore') && dropped === 0) {
        dropped++;
        req.socket.destroy();
        return;
      }
      res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
      res.end(text);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

  test('the POST is retried with the same Idempotency-Key and yields one operation', async () => {
    const r = await restore(['vps', VPS_DAILY, '--confirm', 'vps-01', '--debug'], { env: { ...env, INFRA_API_URL: proxyUrl } });
    expect(r.code, r.stderr).toBe(0);
    expect(dropped).toBe(1);
    const sent = posts();
    expect(sent).toHaveLength(2);
    const key = keyOf(r.stderr);
    expect(sent.map((p) => p.headers['idempotency-key'])).toEqual([key, key]);
    expect(sim.world.recovery.operations).toHaveLength(1);
    expect(r.stdout).toBe(`${sim.world.recovery.operations[0]!.id}\n`);
    expect(r.stderr).toMatch(/retry 1\//);
  });
});

test('as a real process without a terminal: --confirm is required, nothing is sent', async () => {
  const r = await spawnCli(['snapshots', 'restore', 'vps', VPS_DAILY], { env });
  expect(r.code).toBe(2);
  expect(r.stderr).toContain('--confirm NAME');
  expect(sim.requests).toHaveLength(0);
});
