// The database family end to end against the simulator, in virtual time: every command, the
// requests it sends, its exit codes, stdout and stderr; each asynchronous action with --wait
// to success and failure, and the operation-wait paths (create, action, update, delete) to
// timeout and Ctrl-C. Credentials, DNS and list keep their own tests (credentials.test.ts,
// list.test.ts); read replicas are in replicas.test.ts.
import { describe, expect, it } from 'vitest';
import { onlyJson, errorText } from '../../helpers/cli.js';
import { requestLines, SEED_IDS, useHarness, type Harness } from '../../helpers/sim.js';

let h: Harness;
useHarness((x) => (h = x));

const PG = SEED_IDS.postgres;
const MYSQL = SEED_IDS.mysql;
const writes = () => requestLines(h.sim).filter((l) => !l.startsWith('GET '));
const sent = (method: string) => h.sim.requests.find((q) => q.method === method)?.body;
const CREATE = ['database', 'create', '--engine', 'postgresql', '--profile', 'small'];

describe('database get / plans / metrics', () => {
  it('get by name: one list request, then the instance; engine, both planes, the URL without a password', async () => {
    const r = await h.cli(['database', 'get', 'orders-pg']);
    expect(r.code, r.stderr).toBe(0);
    expect(requestLines(h.sim)).toEqual(['GET /api/v1/database', `GET /api/v1/database/${PG}`]);
    expect(r.stdout).toMatch(/Status:\s+ready\n/);
    expect(r.stdout).toMatch(/Engine:\s+PostgreSQL 16\.4\n/);
    expect(r.stdout).toMatch(/Database:\s+\(the bootstrap database\)\n/);
    expect(r.stdout).toMatch(/Connect to:\s+orders-pg\.main\.managed\.sim\.local:30000\n/);
    expect(r.stdout).toMatch(/Private endpoint:\s+orders-pg\.svc\.cluster\.local:5432\n/);
    expect(r.stdout).toMatch(/URL:\s+postgresql:\/\/postgres@orders-pg\.main\.managed\.sim\.local:30000\/app\n/);
    expect(r.stdout).not.toContain('pg-S3cret');
  });

  it('get by id: no lookup; --json is the instance as sent; DNS off shows no public endpoint', async () => {
    const r = await h.cli(['database', 'get', MYSQL, '--json']);
    expect(requestLines(h.sim)).toEqual([`GET /api/v1/database/${MYSQL}`]);
    expect(onlyJson(r.stdout)).toMatchObject({ id: MYSQL, name: 'shop-mysql', engine: { name: 'MySQL' }, database_name: 'shop', dns_hostname: null });
    expect((await h.cli(['database', 'get', 'shop-mysql'])).stdout).toMatch(/Public endpoint:\s+none \(public DNS is off\)/);
    expect((await h.cli(['database', 'get', 'sessions-redis'])).code).toBe(5);
  });

  it('plans and metrics: aligned lines for people, the answer as sent with --json; a stopped database has no data', async () => {
    expect((await h.cli(['database', 'plans'])).stdout).toMatch(/^small\tSmall\t/m);
    expect(onlyJson((await h.cli(['database', 'plans', '--json'])).stdout)).toMatchObject({ plans: expect.arrayContaining([expect.objectContaining({ id: 'medium', storage_size_gb: 40 })]) });
    const m = await h.cli(['database', 'metrics', 'orders-pg']);
    expect(m.stdout).toMatch(/health\.is_healthy:\s+true\n/);
    expect(m.stdout).toMatch(/instance\.name:\s+orders-pg\n/);
    await h.cli(['database', 'stop', 'orders-pg', '--wait']);
    expect(onlyJson((await h.cli(['database', 'metrics', PG, '--json'])).stdout)).toMatchObject({ summary: { memory_used_mb: 0, retrieved_at: null }, health: { is_healthy: 'unknown' } });
  });
});

describe('database create / update', () => {
  it('create --wait: the request the API takes, the new id on stdout, ready when provisioned', async () => {
    const r = await h.cli([...CREATE, '--name', 'analytics-pg', '--database-name', 'analytics', '--engine-version', '17.2', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    expect(sent('POST')).toEqual({ name: 'analytics-pg', provider: 'postgresql', datacenter: 'fsn1', resource_profile: 'small', version: '17.2', database_name: 'analytics' });
    expect(r.stderr).toMatch(/create of analytics-pg finished: ready/);
    const creds = await h.cli(['database', 'credentials', 'analytics-pg', '--url']);
    expect(creds.stdout).toMatch(/^postgresql:\/\/postgres:.+@analytics-pg\.svc\.cluster\.local:5432\/analytics\n$/);
  });

  it('create without --wait: the id, and how to follow it; --provider is the same flag as --engine', async () => {
    const r = await h.cli(['database', 'create', '--name', 'reports', '--provider', 'mariadb', '--plan', 'medium', '--datacenter', 'hel1']);
    expect(r.code, r.stderr).toBe(0);
    const id = r.stdout.trim();
    expect(r.stderr).toContain(`follow it with: infra database wait ${id}`);
    expect(sent('POST')).toEqual({ name: 'reports', provider: 'mariadb', datacenter: 'hel1', resource_profile: 'medium' });
    const w = await h.cli(['database', 'wait', id]);
    expect(w.code, w.stderr).toBe(0);
    expect(w.stderr).toMatch(/operation of reports finished: ready/);
  });

  it('--network-tier goes into the body only when given, and shows in get', async () => {
    const r = await h.cli(['database', 'create', '--name', 'fast-pg', '--engine', 'postgresql', '--plan', 'small', '--network-tier', '10g']);
    expect(r.code, r.stderr).toBe(0);
    expect(sent('POST')).toMatchObject({ name: 'fast-pg', network_tier: '10g' });
    expect((await h.cli(['database', 'get', 'fast-pg'])).stdout).toMatch(/Network tier:\s+10g\n/);
    expect((await h.cli(['cache', 'create', '--name', 'fast-kv', '--provider', 'redis', '--plan', 'small', '--network-tier', '10g'])).code).toBe(0);
    expect((await h.cli(['cache', 'get', 'fast-kv'])).stdout).toMatch(/Network tier:\s+10g\n/);
    expect((await h.cli(['cache', 'create', '--name', 'x', '--provider', 'redis', '--plan', 'small', '--network-tier', '1g'])).code).toBe(2);
  });

  it('create --wait of a database that fails to provision: exit 1 with the error and a hint; --json says failed', async () => {
    const r = await h.cli([...CREATE, '--name', 'etl-fail', '--wait', '--json']);
    expect(r.code).toBe(1);
    expect(errorText(r.stderr)).toContain('error: create of etl-fail failed: database.create_failed');
    expect(errorText(r.stderr)).toMatch(/hint: retrying will not help; 'infra database diagnose [0-9a-f-]{36}'/);
    expect(onlyJson(r.stdout)).toMatchObject({ outcome: 'failed', status_details: { error: { code: 'database.create_failed' } } });
  });

  it('bad input is refused before any request (exit 2)', async () => {
    for (const argv of [
      ['database', 'create', '--name', 'x', '--profile', 'small'],
      ['database', 'create', '--name', 'x', '--engine', 'oracle', '--profile', 'small'],
      ['database', 'create', '--name', 'x', '--engine', 'mysql'],
      ['database', 'update', 'orders-pg'],
      ['database', 'update', 'orders-pg', '--storage', '0'],
      ['database', 'update', 'orders-pg', '--automated-snapshots', 'maybe'],
    ]) {
      const r = await h.cli(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr, argv.join(' ')).toMatch(/^error: /m);
    }
    expect(requestLines(h.sim)).toEqual([]);
  });

  it("the API's field errors: exit 2, printed field by field", async () => {
    const r = await h.cli([...CREATE, '--name', 'orders-pg', '--datacenter', 'ash', '--engine-version', '9.6']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('  name: The name has already been taken.');
    expect(r.stderr).toContain('  version: The selected version is invalid.');
    expect(r.stderr).toContain('  datacenter: The selected datacenter is invalid.');
  });

  it('update --wait: PUT with the changed fields only, then the new profile and storage', async () => {
    const r = await h.cli(['database', 'update', 'shop-mysql', '--profile', 'large', '--storage', '80', '--automated-snapshots', 'off', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(sent('PUT')).toEqual({ resource_profile: 'large', storage_size_gb: 80, automated_snapshots_enabled: false });
    expect(r.stderr).toMatch(/update of shop-mysql finished: ready/);
    expect(onlyJson((await h.cli(['database', 'get', MYSQL, '--json'])).stdout)).toMatchObject({ resource_profile: 'large', storage_size_gb: 80 });
  });

  it('update refused: storage never shrinks (422 field error, exit 2); a stopped database is not updated (exit 1)', async () => {
    const shrink = await h.cli(['database', 'update', 'shop-mysql', '--storage', '10']);
    expect(shrink.code).toBe(2);
    expect(shrink.stderr).toContain('storage_size_gb: The storage size gb field must be at least 40.');
    await h.cli(['database', 'stop', 'shop-mysql', '--wait']);
    const stopped = await h.cli(['database', 'update', 'shop-mysql', '--name', 'shop-db']);
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toContain('Database instance cannot be updated in its current state');
  });
});

describe('database lifecycle actions', () => {
  it('stop --wait then start --wait: each POST once, exit 0 when the operation is done', async () => {
    const stop = await h.cli(['database', 'stop', 'orders-pg', '--wait']);
    expect(stop.code, stop.stderr).toBe(0);
    expect(stop.stderr).toMatch(/stop of orders-pg finished: stopped/);
    const start = await h.cli(['database', 'start', 'orders-pg', '--wait', '--json']);
    expect(start.code, start.stderr).toBe(0);
    expect(onlyJson(start.stdout)).toMatchObject({ id: PG, outcome: 'ready', evidence: 'fresh_observation' });
    expect(writes()).toEqual([`POST /api/v1/database/${PG}/stop`, `POST /api/v1/database/${PG}/start`]);
  });

  it('an action the state does not allow: 422 {error} is a refusal (exit 1)', async () => {
    const r = await h.cli(['database', 'start', 'orders-pg']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Database instance cannot be started in its current state');
  });

  it('stop without --wait: accepted (--json is the answer), then `database wait` follows it to the end', async () => {
    const r = await h.cli(['database', 'stop', 'wiki-maria', '--json']);
    expect(r.code).toBe(0);
    expect(onlyJson(r.stdout)).toEqual({ message: 'Database instance stop initiated', status: 'stopping' });
    const w = await h.cli(['database', 'wait', 'wiki-maria']);
    expect(w.code, w.stderr).toBe(0);
    expect(w.stderr).toMatch(/finished: stopped/);
  });

  it('timeout: exit 6 with the command that resumes, which then finishes', async () => {
    const r = await h.cli([...CREATE, '--name', 'big-slow', '--wait', '--timeout', '2m']);
    expect(r.code).toBe(6);
    const resume = /resume waiting with: (infra database wait \S+)/.exec(r.stderr)?.[1];
    expect(resume).toMatch(/^infra database wait [0-9a-f-]{36}$/);
    const again = await h.cli([...resume!.split(' ').slice(1), '--timeout', '2h', '--interval', '60s']);
    expect(again.code, again.stderr).toBe(0);
  });

  it('Ctrl-C while waiting: exit 130 with the resume command', async () => {
    const controller = new AbortController();
    const { InterruptedError } = await import('../../../src/cli/errors.js');
    let polls = 0;
    const r = await h.cli(['database', 'update', 'orders-pg', '--profile', 'medium', '--wait'], {
      signal: controller.signal,
      // Once the PUT was sent and the wait has polled: the update is in flight.
      onIdle: () => {
        const sentPut = h.sim.requests.some((q) => q.method === 'PUT');
        if (sentPut && ++polls === 2) controller.abort(new InterruptedError());
      },
    });
    expect(r.code).toBe(130);
    expect(r.stderr).toMatch(/interrupted while waiting for the update of orders-pg; it goes on server-side/);
    expect(r.stderr).toContain(`resume waiting with: infra database wait ${PG}\n`);
  });
});

describe('database delete', () => {
  it('--wait waits for the 404: exit 0, and the database is gone', async () => {
    const r = await h.cli(['database', 'delete', 'wiki-maria', '--yes', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/wiki-maria is deleted/);
    expect((await h.cli(['database', 'get', SEED_IDS.mariadb])).code).toBe(5);
    expect((await h.cli(['database', 'list'])).stdout).not.toContain('wiki-maria');
  });

  it('without --yes and without a terminal, or with CI set: exit 2, nothing sent; on a terminal the typed name must match', async () => {
    expect((await h.cli(['database', 'delete', 'wiki-maria'])).code).toBe(2);
    const ci = await h.cli(['database', 'delete', 'wiki-maria'], { stdinTTY: true, prompter: { text: async () => 'wiki-maria', secret: async () => '' }, env: { CI: 'true' } });
    expect(ci.code).toBe(2);
    const wrong = await h.cli(['database', 'delete', 'wiki-maria'], { stdinTTY: true, prompter: { text: async () => 'orders-pg', secret: async () => '' } });
    expect(wrong.code).toBe(1);
    expect(writes()).toEqual([]);
    const right = await h.cli(['database', 'delete', 'wiki-maria'], { stdinTTY: true, prompter: { text: async () => 'wiki-maria', secret: async () => '' } });
    expect(right.code, right.stderr).toBe(0);
    expect(writes()).toEqual([`DELETE /api/v1/database/${SEED_IDS.mariadb}`]);
  });

  it('a database with an operation in flight is not deleted (422 {error, status}: exit 1)', async () => {
    await h.cli(['database', 'stop', 'wiki-maria']);
    const r = await h.cli(['database', 'delete', 'wiki-maria', '--yes']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Database instance cannot be destroyed in its current state');
  });
});

describe('database diagnose / events / logs', () => {
  it('a failed database: a fatal finding (--exit-status exits 1), a Warning event, an error line in its logs', async () => {
    await h.cli([...CREATE, '--name', 'etl-fail', '--wait']);
    const d = await h.cli(['database', 'diagnose', 'etl-fail']);
    expect(d.code).toBe(0);
    expect(d.stdout).toMatch(/FATAL\s+database\.create_failed/);
    expect((await h.cli(['database', 'diagnose', 'etl-fail', '--exit-status'])).code).toBe(1);
    const e = await h.cli(['database', 'events', 'etl-fail']);
    expect(e.stdout).toMatch(/Warning\tOperationFailed\tDatabaseInstance\/etl-fail/);
    expect(e.stderr).toContain('ephemeral');
    const l = await h.cli(['database', 'logs', 'etl-fail', '--json']);
    expect(l.code, l.stderr).toBe(0);
    const lines = l.stdout
      .trim()
      .split('\n')
      .map((x) => JSON.parse(x) as { level: string; message: string });
    expect(lines.at(-1)).toMatchObject({ level: 'error', message: 'ERROR create failed' });
  });

  it('a healthy database: verdict healthy, no findings; --json is the envelope with source api', async () => {
    const d = await h.cli(['database', 'diagnose', 'orders-pg', '--json']);
    expect(d.code).toBe(0);
    expect(onlyJson(d.stdout)).toMatchObject({ success: true, data: { verdict: 'healthy', findings: [] }, meta: { source: 'api' } });
    expect(requestLines(h.sim)).toEqual(['GET /api/v1/database', `GET /api/v1/database/${PG}/diagnose`]);
  });

  it('logs: the window is checked before any request; an empty window says so', async () => {
    expect((await h.cli(['database', 'logs', 'orders-pg', '--since', '11d'])).code).toBe(2);
    expect(requestLines(h.sim)).toEqual([]);
    const r = await h.cli(['database', 'logs', PG]);
    expect(r.code, r.stderr).toBe(0);
    expect(h.sim.requests[0]?.query).toHaveProperty('since');
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/the database instance printed nothing between /);
  });
});
