// The cache family end to end against the simulator, in virtual time: get, create, update,
// delete, start, stop, plans, metrics, wait, diagnose, logs and events; the requests, exit
// codes, stdout and stderr; --wait to success, failure, timeout and Ctrl-C. Connection info
// and DNS keep their tests in ../database/credentials.test.ts, list in ../database/list.test.ts.
import { describe, expect, it } from 'vitest';
import { onlyJson } from '../../helpers/cli.js';
import { requestLines, SEED_IDS, useHarness, type Harness } from '../../helpers/sim.js';

let h: Harness;
useHarness((x) => (h = x));

const REDIS = SEED_IDS.redis;
const VALKEY = SEED_IDS.valkey;
const writes = () => requestLines(h.sim).filter((l) => !l.startsWith('GET '));
const sent = (method: string) => h.sim.requests.find((q) => q.method === method)?.body;
const CREATE = ['cache', 'create', '--provider', 'valkey', '--profile', 'small'];

describe('cache get / plans / metrics', () => {
  it('get by name: engine from the provider (caches have no engine field), both planes, no database line', async () => {
    const r = await h.cli(['cache', 'get', 'sessions-redis']);
    expect(r.code, r.stderr).toBe(0);
    expect(requestLines(h.sim)).toEqual(['GET /api/v1/cache', `GET /api/v1/cache/${REDIS}`]);
    expect(r.stdout).toMatch(/Engine:\s+Redis 7\.2\n/);
    expect(r.stdout).toMatch(/Connect to:\s+sessions-redis\.main\.managed\.sim\.local:30001\n/);
    expect(r.stdout).toMatch(/Private endpoint:\s+sessions-redis\.svc\.cluster\.local:6379\n/);
    expect(r.stdout).not.toMatch(/^(Database|Storage):/m);
    expect(r.stdout).not.toContain('redis-S3cret');
    expect(onlyJson((await h.cli(['cache', 'get', VALKEY, '--json'])).stdout)).toMatchObject({ id: VALKEY, provider: { type: 'valkey' }, dns_hostname: null });
    expect((await h.cli(['cache', 'get', 'orders-pg'])).code).toBe(5);
  });

  it('plans (--provider goes as the query) and metrics', async () => {
    const p = await h.cli(['cache', 'plans', '--provider', 'dragonfly']);
    expect(p.code, p.stderr).toBe(0);
    // A table of the choices (piped: TSV), one row a plan.
    expect(p.stdout).toMatch(/^large\tLarge\t/m);
    expect(h.sim.requests[0]?.query).toEqual({ provider: 'dragonfly' });
    expect((await h.cli(['cache', 'plans', '--provider', 'memcached'])).code).toBe(2);
    const m = await h.cli(['cache', 'metrics', 'sessions-redis', '--json']);
    expect(onlyJson(m.stdout)).toMatchObject({ health: { redis_up: '1' }, instance: { id: REDIS, name: 'sessions-redis' } });
    expect((await h.cli(['cache', 'metrics', 'queue-valkey'])).stdout).toMatch(/summary\.hit_ratio_percentage:\s+90\n/);
  });
});

describe('cache create / update', () => {
  it('create --wait: the request the API takes, the new id on stdout, ready when provisioned, then its connection info', async () => {
    const r = await h.cli([...CREATE, '--name', 'queue-locks', '--engine-version', '7.2', '--datacenter', 'ash', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    expect(sent('POST')).toEqual({ name: 'queue-locks', provider: 'valkey', datacenter: 'ash', resource_profile: 'small', version: '7.2' });
    expect(r.stderr).toMatch(/create of queue-locks finished: ready/);
    expect((await h.cli(['cache', 'connection-info', 'queue-locks', '--url'])).stdout).toMatch(/^redis:\/\/default:.+@queue-locks\.svc\.cluster\.local:6379\/0\n$/);
  });

  it('while it provisions: connection info is not there yet (503, exit 7) and DNS is refused (exit 1)', async () => {
    const id = (await h.cli([...CREATE, '--name', 'fresh'])).stdout.trim();
    const info = await h.cli(['cache', 'connection-info', id], { env: { INFRA_MAX_RETRIES: '0' } });
    expect(info.code).toBe(7);
    expect(info.stderr).toContain('not available yet');
    const dns = await h.cli(['cache', 'dns', 'enable', id]);
    expect(dns.code).toBe(1);
    expect(dns.stderr).toContain('must be deployed to a node before DNS can be enabled');
  });

  it('create --wait of a cache that fails: exit 1 with the error code; bad input: exit 2 before any request', async () => {
    const r = await h.cli([...CREATE, '--name', 'hot-fail', '--wait']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error: create of hot-fail failed: cache.create_failed');
    h.sim.requests.length = 0;
    for (const argv of [
      ['cache', 'create', '--name', 'x', '--profile', 'small'],
      ['cache', 'create', '--name', 'x', '--provider', 'memcached', '--profile', 'small'],
      ['cache', 'create', '--name', 'x', '--provider', 'redis', '--profile', 'small', '--timeout', '5m'],
      ['cache', 'update', 'sessions-redis'],
    ])
      expect((await h.cli(argv)).code, argv.join(' ')).toBe(2);
    expect(requestLines(h.sim)).toEqual([]);
  });

  it("the API's field errors: exit 2, printed field by field", async () => {
    const r = await h.cli([...CREATE, '--name', 'Bad_Name', '--plan', 'huge']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('  name: The name field format is invalid.');
    expect(r.stderr).toContain('  resource_profile: The selected resource profile is invalid.');
  });

  it('update --wait: rename and new profile; the private endpoint keeps its host', async () => {
    const r = await h.cli(['cache', 'update', 'queue-valkey', '--name', 'jobs-valkey', '--plan', 'medium', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(sent('PUT')).toEqual({ name: 'jobs-valkey', resource_profile: 'medium' });
    expect(r.stderr).toMatch(/update of queue-valkey finished: ready/);
    const after = onlyJson((await h.cli(['cache', 'get', 'jobs-valkey', '--json'])).stdout);
    expect(after).toMatchObject({ id: VALKEY, name: 'jobs-valkey', resource_profile: 'medium', internal_host: 'queue-valkey.svc.cluster.local' });
  });
});

describe('cache lifecycle actions and delete', () => {
  it('stop --wait then start --wait; a second start is refused (exit 1)', async () => {
    const stop = await h.cli(['cache', 'stop', 'feed-dragonfly', '--wait']);
    expect(stop.code, stop.stderr).toBe(0);
    expect(stop.stderr).toMatch(/stop of feed-dragonfly finished: stopped/);
    expect(onlyJson((await h.cli(['cache', 'get', SEED_IDS.dragonfly, '--json'])).stdout)).toMatchObject({ status: 'stopped', can_be_started: true });
    const start = await h.cli(['cache', 'start', 'feed-dragonfly', '--wait', '--json']);
    expect(start.code, start.stderr).toBe(0);
    expect(onlyJson(start.stdout)).toMatchObject({ outcome: 'ready' });
    const again = await h.cli(['cache', 'start', 'feed-dragonfly']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('Cache instance cannot be started in its current state');
    expect(writes()).toEqual([`POST /api/v1/cache/${SEED_IDS.dragonfly}/stop`, `POST /api/v1/cache/${SEED_IDS.dragonfly}/start`, `POST /api/v1/cache/${SEED_IDS.dragonfly}/start`]);
  });

  it('timeout: exit 6 with the resume command, which then finishes', async () => {
    const r = await h.cli([...CREATE, '--name', 'big-slow', '--wait', '--timeout', '1m']);
    expect(r.code).toBe(6);
    const resume = /resume waiting with: (infra cache wait \S+)/.exec(r.stderr)?.[1];
    expect(resume).toMatch(/^infra cache wait [0-9a-f-]{36}$/);
    expect((await h.cli([...resume!.split(' ').slice(1), '--timeout', '1h', '--interval', '60s'])).code).toBe(0);
  });

  it('Ctrl-C while waiting for a deletion: exit 130 with a resume command that waits for the 404', async () => {
    const controller = new AbortController();
    const { InterruptedError } = await import('../../../src/cli/errors.js');
    let polls = 0;
    const r = await h.cli(['cache', 'delete', 'queue-valkey', '--yes', '--wait'], {
      signal: controller.signal,
      // Once the DELETE was sent and the wait has polled: the deletion is in flight.
      onIdle: () => {
        const deleting = h.sim.requests.some((q) => q.method === 'DELETE');
        if (deleting && ++polls === 2) controller.abort(new InterruptedError());
      },
    });
    expect(r.code).toBe(130);
    expect(r.stderr).toContain(`resume waiting with: infra cache wait ${VALKEY} --deleted\n`);
    const w = await h.cli(['cache', 'wait', VALKEY, '--deleted']);
    expect(w.code, w.stderr).toBe(0);
    expect(w.stderr).toMatch(/queue-valkey is deleted/);
  });

  it('delete: --yes without a terminal; the typed name on one; gone from the list once done', async () => {
    expect((await h.cli(['cache', 'delete', 'queue-valkey'])).code).toBe(2);
    expect((await h.cli(['cache', 'delete', 'queue-valkey'], { stdinTTY: true, prompter: { text: async () => 'nope', secret: async () => '' } })).code).toBe(1);
    expect(writes()).toEqual([]);
    const r = await h.cli(['cache', 'delete', 'queue-valkey', '--yes', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect((await h.cli(['cache', 'list'])).stdout).not.toContain('queue-valkey');
  });
});

describe('cache diagnose / events / logs', () => {
  it('a stopping cache: diagnose says an operation is in flight; events and logs show it', async () => {
    await h.cli(['cache', 'stop', 'sessions-redis']);
    const d = await h.cli(['cache', 'diagnose', 'sessions-redis', '--json']);
    expect(onlyJson(d.stdout)).toMatchObject({ data: { verdict: 'in_progress', findings: [{ code: 'cache.operation_in_progress', severity: 'informational' }] } });
    const e = await h.cli(['cache', 'events', 'sessions-redis', '--json']);
    expect(JSON.parse(e.stdout)).toEqual([expect.objectContaining({ reason: 'StopStarted', resource: 'CacheInstance/sessions-redis', count: '1' })]);
    const l = await h.cli(['cache', 'logs', REDIS]);
    expect(l.code, l.stderr).toBe(0);
    expect(l.stdout).toMatch(/info\s+stop started/);
    expect(requestLines(h.sim).filter((x) => x.includes('/logs'))).toEqual([`GET /api/v1/cache/${REDIS}/logs`]);
  });
});
