// What databases and caches gained (issue 21) end to end against the simulator, in virtual
// time: password rotation followed to success, failure, timeout (exit 6 + the resume) and
// Ctrl-C, with the new password printed once; force-stop confirmed and its 422 refusals;
// high availability; load and queries.
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Capture, onlyJson } from '../../helpers/cli.js';
import { requestLines, SEED_IDS, useHarness, type Harness } from '../../helpers/sim.js';

let h: Harness;
useHarness((x) => (h = x));

const PG = SEED_IDS.postgres;
const writes = () => requestLines(h.sim).filter((l) => !l.startsWith('GET '));
const sent = (suffix: string) => h.sim.requests.find((q) => q.method !== 'GET' && q.path.endsWith(suffix))?.body;

describe('database credentials rotate', () => {
  it('--wait: the body sent, the rotation followed on GET .../credentials, the new password once on stdout', async () => {
    const r = await h.cli(['database', 'credentials', 'rotate', 'orders-pg', '--role', 'superuser', '--disconnect-sessions', '--yes', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(writes()).toEqual([`POST /api/v1/database/${PG}/credentials/rotate`]);
    expect(sent('/credentials/rotate')).toEqual({ role: 'superuser', disconnect_sessions: true });
    expect(r.stdout).toMatch(/^rotated-[0-9a-f-]{12}\n$/);
    expect(r.stderr).toMatch(/superuser password rotation of orders-pg finished: ready/);
    expect(r.stderr).toContain('printed this once');
    // The password it printed is the one the API now gives.
    const creds = await h.cli(['database', 'credentials', 'orders-pg', '--json']);
    expect(JSON.parse(creds.stdout).password).toBe(r.stdout.trim());
  });

  it('without --wait: the rotation id on stdout; `credentials wait` follows it; --json is the 202 as sent', async () => {
    const r = await h.cli(['database', 'credentials', 'rotate', 'orders-pg', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    expect(sent('/credentials/rotate')).toEqual({});
    const w = await h.cli(['database', 'credentials', 'wait', 'orders-pg']);
    expect(w.code, w.stderr).toBe(0);
    const j = await h.cli(['database', 'credentials', 'rotate', 'orders-pg', '--role', 'application', '--yes', '--json']);
    expect(onlyJson(j.stdout)).toMatchObject({ message: 'Password rotation started', credential_rotation: { role: 'application', status: 'pending' } });
  });

  it('confirmation: --yes needed without a terminal (exit 2, nothing sent); a wrong name sends nothing', async () => {
    const r = await h.cli(['database', 'credentials', 'rotate', 'orders-pg']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('pass --yes');
    const wrong = await h.cli(['database', 'credentials', 'rotate', 'orders-pg'], { stdinTTY: true, prompter: { text: async () => 'shop-mysql', secret: async () => '' } });
    expect(wrong.code).toBe(1);
    expect(writes()).toEqual([]);
    expect((await h.cli(['database', 'credentials', 'rotate', 'orders-pg', '--role', 'root', '--yes'])).code).toBe(2);
  });

  it('a rotation that fails: exit 1 with its error and where to look', async () => {
    h.sim.use(
      http.get('*/api/v1/database/:id/credentials', () =>
        HttpResponse.json({
          host: 'h',
          port: 1,
          username: 'postgres',
          password: null,
          connection_info: null,
          application_user: { username: 'app', password: null },
          credential_rotation: {
            id: ROT,
            role: 'application',
            status: 'failed',
            disconnect_sessions: false,
            requested_at: null,
            started_at: null,
            completed_at: null,
            error: 'the new role could not be created',
          },
          superuser_credential_rotation: null,
        }),
      ),
      http.post('*/api/v1/database/:id/credentials/rotate', () =>
        HttpResponse.json(
          {
            message: 'Password rotation started',
            credential_rotation: { id: ROT, role: 'application', status: 'pending', disconnect_sessions: false, requested_at: null, started_at: null, completed_at: null, error: null },
          },
          { status: 202 },
        ),
      ),
    );
    const r = await h.cli(['database', 'credentials', 'rotate', PG, '--yes', '--wait']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('database.credential_rotation_failed');
    expect(r.stderr).toContain('the new role could not be created');
    expect(r.stderr).toContain(`'infra database credentials ${PG} --json' shows the rotation's status`);
    expect(r.stdout).toBe('');
  });

  it('timeout: exit 6 with `credentials wait <id> --role R`, which then finishes', async () => {
    const r = await h.cli(['database', 'credentials', 'rotate', 'orders-pg', '--role', 'application', '--yes', '--wait', '--timeout', '5s']);
    expect(r.code).toBe(6);
    const resume = /resume waiting with: (infra database credentials wait \S+ --role application)/.exec(r.stderr)?.[1];
    expect(resume).toBe(`infra database credentials wait ${PG} --role application`);
    const again = await h.cli(resume!.split(' ').slice(1));
    expect(again.code, again.stderr).toBe(0);
  });

  it('Ctrl-C while waiting: exit 130 with the resume command, nothing printed on stdout', async () => {
    const controller = new AbortController();
    const { InterruptedError } = await import('../../../src/cli/errors.js');
    let polls = 0;
    const r = await h.cli(['database', 'credentials', 'rotate', 'orders-pg', '--yes', '--wait'], {
      signal: controller.signal,
      onIdle: () => {
        if (++polls === 2) controller.abort(new InterruptedError());
      },
    });
    expect(r.code).toBe(130);
    expect(r.stderr).toContain(`resume waiting with: infra database credentials wait ${PG} --role application`);
    expect(r.stdout).toBe('');
  });
});

const ROT = '0d6f2b8e-4c1a-4e2b-9f3d-5a6b7c8d9e0f';

describe('force-stop', () => {
  it('database: --yes without a terminal; stopped at once, --wait settles', async () => {
    expect((await h.cli(['database', 'force-stop', 'orders-pg'])).code).toBe(2);
    expect(writes()).toEqual([]);
    const r = await h.cli(['database', 'force-stop', 'orders-pg', '--yes', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(writes()).toEqual([`POST /api/v1/database/${PG}/force-stop`]);
    expect(r.stderr).toMatch(/force-stop of orders-pg .*stopped/);
  });

  it('a state that does not allow it: 422 {error, status}, exit 1 with the state and the way on', async () => {
    await h.cli(['database', 'force-stop', 'orders-pg', '--yes']);
    const r = await h.cli(['database', 'force-stop', 'orders-pg', '--yes']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: .*\(state: stopped; nothing was stopped\)$/m);
    expect(r.stderr).toContain("hint: wait until the database instance settles ('infra database wait orders-pg')");
  });

  it('cache moving to the operator: the second 422 variant, named with its state', async () => {
    h.sim.world.extras.migrating.add(SEED_IDS.redis);
    const r = await h.cli(['cache', 'force-stop', 'sessions-redis', '--yes']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: .*operator.*\(state: running; nothing was stopped\)$/m);
    h.sim.world.extras.migrating.clear();
    const ok = await h.cli(['cache', 'force-stop', 'sessions-redis', '--yes']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(writes().at(-1)).toBe(`POST /api/v1/cache/${SEED_IDS.redis}/force-stop`);
  });

  it('on a terminal the name is typed; CI set refuses without --yes', async () => {
    const right = await h.cli(['cache', 'force-stop', 'sessions-redis'], { stdinTTY: true, prompter: { text: async () => 'sessions-redis', secret: async () => '' } });
    expect(right.code, right.stderr).toBe(0);
    const ci = await h.cli(['database', 'force-stop', 'orders-pg'], { stdinTTY: true, prompter: { text: async () => 'orders-pg', secret: async () => '' }, env: { CI: '1' } });
    expect(ci.code).toBe(2);
  });
});

describe('high availability, load, queries', () => {
  it('high-availability --enable / --disable: {enabled} sent, the state on stdout', async () => {
    const on = await h.cli(['database', 'high-availability', 'orders-pg', '--enable']);
    expect(on.code, on.stderr).toBe(0);
    expect(on.stdout).toBe('enabled\n');
    expect(sent('/high-availability')).toEqual({ enabled: true });
    const off = await h.cli(['database', 'high-availability', PG, '--disable', '--json']);
    expect(onlyJson(off.stdout)).toMatchObject({ ha_enabled: false });
    expect((await h.cli(['database', 'high-availability', 'orders-pg'])).code).toBe(2);
    expect((await h.cli(['database', 'high-availability', 'orders-pg', '--enable', '--disable'])).code).toBe(2);
  });

  it('load: the query sent; one row per series (TSV piped), a sparkline on a terminal', async () => {
    const r = await h.cli(['database', 'load', 'orders-pg', '--hours', '2', '--step', '5m', '--dimension', 'waits', '--limit', '3']);
    expect(r.code, r.stderr).toBe(0);
    const q = h.sim.requests.find((x) => x.path.endsWith('/load'))!;
    expect(q.query).toMatchObject({ hours: '2', step: '5m', dimension: 'waits', limit: '3' });
    expect(r.stdout).toMatch(/^dimension:\s+waits$/m);
    expect(r.stdout).toContain('SERIES\tPOINTS\tMIN\tMAX\tLAST\n');
    expect(r.stdout).toMatch(/^CPU\t24\t/m);
    expect(r.stdout).not.toMatch(/[▁▂▃▄▅▆▇█]/);
    const out = new Capture(true, 120);
    const tty = await h.cli(['database', 'load', 'orders-pg', '--minutes', '30'], { stdout: out });
    expect(tty.code).toBe(0);
    expect(out.text).toMatch(/TREND/);
    expect(out.text).toMatch(/[▁▂▃▄▅▆▇█]{10,}/);
    expect((await h.cli(['database', 'load', 'orders-pg', '--hours', '1', '--minutes', '5'])).code).toBe(2);
    expect((await h.cli(['database', 'load', 'orders-pg', '--dimension', 'nope'])).code).toBe(2);
  });

  it('queries: a table of the records; --json as sent', async () => {
    const r = await h.cli(['database', 'queries', 'orders-pg', '--limit', '2']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('QUERY_ID\tQUERY\tCALLS');
    expect(
      r.stdout
        .trim()
        .split('\n')
        .filter((l) => l.startsWith('q')),
    ).toHaveLength(2);
    const j = await h.cli(['database', 'queries', 'orders-pg', '--json']);
    expect(JSON.parse(j.stdout)).toMatchObject({ dimension: 'sql', queries: expect.any(Array) });
  });
});
