// snapshots create, delete, clone and wait, and restore --wait, end to end against the
// simulator in virtual time: the requests, exit codes, stdout and stderr; each --wait to
// success and failure, a timeout resumed with the printed `infra snapshots wait ...` line,
// and Ctrl-C. (snapshots list and the restore's review and refusals: list.test.ts, restore.test.ts.)
import { describe, expect, it } from 'vitest';
import { newVps } from '../../../src/sim/families/vps.js';
import { onlyJson } from '../../helpers/cli.js';
import { requestLines, SEED_IDS, useHarness, type Harness } from '../../helpers/sim.js';

let h: Harness;
useHarness((x) => (h = x));

const S = SEED_IDS.snapshots;
const VPS1 = SEED_IDS.vps[0]!;
const writes = () => requestLines(h.sim).filter((l) => !l.startsWith('GET '));
const TERMINAL = (answer: string) => ({ stdinTTY: true, prompter: { text: async () => answer, secret: async () => '' } });
const resumeOf = (stderr: string) => /resume waiting with: (infra snapshots wait .+)$/m.exec(stderr)?.[1];

describe('snapshots create', () => {
  it('--wait: POST {<product>_instance_id, name, description}, the new id on stdout, done once available', async () => {
    const r = await h.cli(['snapshots', 'create', 'vps', 'vps-01', '--name', 'before-upgrade', '--description', 'nginx 1.27', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('15\n');
    expect(h.sim.requests.find((q) => q.method === 'POST')?.body).toEqual({ vps_instance_id: VPS1, name: 'before-upgrade', description: 'nginx 1.27' });
    expect(r.stderr).toContain('taking point 15 (before-upgrade) of vps-01: creating');
    expect(r.stderr).toMatch(/create of point 15 \(before-upgrade\) finished: ready/);
    expect((await h.cli(['snapshots', 'list', 'vps'])).stdout).toMatch(/^15\tbefore-upgrade\tvps-01\tManual\tavailable\t/m);
  });

  it('without --wait, --json is the answer as sent; a point that fails: --wait exits 1', async () => {
    const j = await h.cli(['snapshots', 'create', 'database', SEED_IDS.postgres, '--name', 'pre-migration', '--json']);
    expect(onlyJson(j.stdout)).toMatchObject({ message: 'Database snapshot creation initiated', snapshot: { id: 35, status: 'creating', database_instance: { name: 'orders-pg' } } });
    const r = await h.cli(['snapshots', 'create', 'cache', 'sessions-redis', '--name', 'broken-fail', '--wait']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error: create of point 24 (broken-fail) failed: snapshot.failed');
    expect(r.stderr).toContain("'infra snapshots list cache' shows the point's state");
  });

  it('timeout: exit 6, resumed with `infra snapshots wait <product> <point>`', async () => {
    const r = await h.cli(['snapshots', 'create', 'vps', 'vps-02', '--name', 'slowish', '--wait', '--timeout', '1m']);
    expect(r.code).toBe(6);
    expect(resumeOf(r.stderr)).toBe('infra snapshots wait vps 15');
    const again = await h.cli(['snapshots', 'wait', 'vps', '15']);
    expect(again.code, again.stderr).toBe(0);
  });

  it('bad input before any request: unknown product, missing --name; an unknown resource is exit 5', async () => {
    expect((await h.cli(['snapshots', 'create', 'queue', 'x', '--name', 'n'])).code).toBe(2);
    expect((await h.cli(['snapshots', 'create', 'vps', 'vps-01'])).code).toBe(2);
    expect((await h.cli(['snapshots', 'create', 'vps', 'vps-01', '--name', 'n', '--timeout', '1m'])).code).toBe(2);
    expect(requestLines(h.sim)).toEqual([]);
    expect((await h.cli(['snapshots', 'create', 'vps', 'nope', '--name', 'n'])).code).toBe(5);
  });
});

describe('snapshots delete', () => {
  it('--yes --wait: DELETE, then the point is gone (it leaves the list)', async () => {
    const r = await h.cli(['snapshots', 'delete', 'vps', String(S.vps.manual), '--yes', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(writes()).toEqual([`DELETE /api/v1/snapshots/vps/${S.vps.manual}`]);
    expect(r.stderr).toMatch(/point 12 \(vps-01-manual-12\) is deleted/);
    expect((await h.cli(['snapshots', 'list', 'vps'])).stdout).not.toMatch(/^12\t/m);
  });

  it('confirmed: exit 2 without --yes or a terminal; on a terminal the point name must be typed', async () => {
    expect((await h.cli(['snapshots', 'delete', 'vps', '12'])).code).toBe(2);
    expect((await h.cli(['snapshots', 'delete', 'vps', '12'], TERMINAL('vps-01'))).code).toBe(1);
    expect(writes()).toEqual([]);
    const r = await h.cli(['snapshots', 'delete', 'vps', 'vps-01-manual-12'], TERMINAL('vps-01-manual-12'));
    expect(r.code, r.stderr).toBe(0);
    expect(writes()).toEqual([`DELETE /api/v1/snapshots/vps/${S.vps.manual}`]);
  });

  it('a point a restore depends on: 409 {error}, exit 1; a deletion timeout resumes with --deleted', async () => {
    expect((await h.cli(['snapshots', 'restore', 'vps', String(S.vps.daily), '--confirm', 'vps-01'])).code).toBe(0);
    const refused = await h.cli(['snapshots', 'delete', 'vps', String(S.vps.daily), '--yes']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('A restore operation depends on snapshot 11');
    const r = await h.cli(['snapshots', 'delete', 'vps', String(S.vps.copyFailed), '--yes', '--wait', '--timeout', '10s']);
    expect(r.code).toBe(6);
    expect(resumeOf(r.stderr)).toBe('infra snapshots wait vps 13 --deleted');
    const again = await h.cli(['snapshots', 'wait', 'vps', '13', '--deleted']);
    expect(again.code, again.stderr).toBe(0);
    // Resumed once more after the end: the point is gone, which is what was waited for.
    expect((await h.cli(['snapshots', 'wait', 'vps', '13', '--deleted'])).code).toBe(0);
  });
});

describe('snapshots clone', () => {
  it('database --wait: POST {name, source_type, database_name}, the new id on stdout, ready once provisioned', async () => {
    const r = await h.cli(['snapshots', 'clone', 'database', String(S.database.postgres), '--name', 'orders-copy', '--database-name', 'orders', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    expect(h.sim.requests.find((q) => q.method === 'POST')?.body).toEqual({ name: 'orders-copy', source_type: 'volume_snapshot', database_name: 'orders' });
    expect(r.stderr).toContain('restoring point 33 of orders-pg to a new database orders-copy');
    expect(r.stderr).toMatch(/clone of orders-copy finished: ready/);
    expect((await h.cli(['database', 'list'])).stdout).toContain('orders-copy');
  });

  it('by point name, without --wait: --json is the new instance as sent', async () => {
    const r = await h.cli(['snapshots', 'clone', 'cache', 'sessions-redis-daily-21', '--name', 'sessions-copy', '--source', 'velero_backup', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(onlyJson(r.stdout)).toMatchObject({ name: 'sessions-copy', status: 'restoring', status_label: 'Restoring' });
    expect(h.sim.requests.find((q) => q.method === 'POST')?.body).toEqual({ name: 'sessions-copy', source_type: 'velero_backup' });
  });

  it('a clone that fails: exit 1, pointing at what the sim and the API serve', async () => {
    const r = await h.cli(['snapshots', 'clone', 'cache', '21', '--name', 'copy-fail', '--wait']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error: clone of copy-fail failed: cache.clone_failed');
    expect(r.stderr).toMatch(/hint: retrying will not help; 'infra api \/cache\/[0-9a-f-]+' shows its status/);
  });

  it('refusals: VPS (no clone in the API) and --database-name on a cache before any request; operator-managed (422), a taken name (409 / 422)', async () => {
    const vps = await h.cli(['snapshots', 'clone', 'vps', '11', '--name', 'x']);
    expect(vps.code).toBe(2);
    expect(vps.stderr).toContain('the API has no clone of VPS points');
    expect((await h.cli(['snapshots', 'clone', 'cache', '21', '--name', 'x', '--database-name', 'y'])).code).toBe(2);
    expect(requestLines(h.sim)).toEqual([]);
    const operator = await h.cli(['snapshots', 'clone', 'cache', String(S.cache.dragonfly), '--name', 'df-copy']);
    expect(operator.code).toBe(1);
    expect(operator.stderr).toContain('unavailable for operator-managed dragonfly');
    const takenCache = await h.cli(['snapshots', 'clone', 'cache', '21', '--name', 'queue-valkey']);
    expect(takenCache.code).toBe(1);
    expect(takenCache.stderr).toContain('A cache instance with this name already exists.');
    const takenDb = await h.cli(['snapshots', 'clone', 'database', '33', '--name', 'shop-mysql']);
    expect(takenDb.code).toBe(2);
    expect(takenDb.stderr).toContain('  name: The name has already been taken.');
  });

  it('timeout: exit 6, resumed with --resource; Ctrl-C: exit 130 with the same line', async () => {
    const r = await h.cli(['snapshots', 'clone', 'cache', '21', '--name', 'sessions-b', '--wait', '--timeout', '1m']);
    expect(r.code).toBe(6);
    const resume = resumeOf(r.stderr);
    expect(resume).toMatch(/^infra snapshots wait cache --resource [0-9a-f-]{36}$/);
    const controller = new AbortController();
    const { InterruptedError } = await import('../../../src/cli/errors.js');
    let polls = 0;
    const stopped = await h.cli(resume!.split(' ').slice(1), {
      signal: controller.signal,
      onIdle: () => {
        if (++polls === 2) controller.abort(new InterruptedError());
      },
    });
    expect(stopped.code).toBe(130);
    expect(resumeOf(stopped.stderr)).toBe(resume);
    const again = await h.cli(resume!.split(' ').slice(1));
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/operation of sessions-b finished: ready/);
  });
});

describe('snapshots restore --wait', () => {
  it('a 202: follows the restore operation to its end; --json is the wait outcome', async () => {
    const r = await h.cli(['snapshots', 'restore', 'vps', String(S.vps.daily), '--confirm', 'vps-01', '--wait', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const op = h.sim.world.recovery.operations[0]!.id;
    expect(requestLines(h.sim).slice(0, 3)).toEqual(['GET /api/v1/snapshots/vps', `GET /api/v1/vps/${VPS1}`, `POST /api/v1/snapshots/vps/${S.vps.daily}/restore`]);
    // The operation is read on the API's one operations route, by its id (contract 10).
    expect(
      requestLines(h.sim)
        .slice(3)
        .every((l) => l === `GET /api/v1/operations/${op}`),
    ).toBe(true);
    expect(requestLines(h.sim).length).toBeGreaterThan(3);
    expect(onlyJson(r.stdout)).toMatchObject({ id: op, outcome: 'ready' });
    expect(r.stderr).toMatch(/restore of vps-01 finished: ready/);
  });

  it('a 200 (the gate is closed): follows the resource until it runs again', async () => {
    const r = await h.cli(['snapshots', 'restore', 'database', String(S.database.mysql), '--confirm', 'shop-mysql', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('started directly');
    expect(r.stderr).toMatch(/restoring shop-mysql/);
    expect(r.stderr).toMatch(/restore of shop-mysql finished: ready/);
    expect(requestLines(h.sim).filter((l) => l === `GET /api/v1/database/${SEED_IDS.mysql}`).length).toBeGreaterThan(2);
  });

  it('timeout on the operation: exit 6, resumed with --operation (its id, not its page), which finishes', async () => {
    const r = await h.cli(['snapshots', 'restore', 'cache', String(S.cache.redis), '--confirm', 'sessions-redis', '--wait', '--timeout', '1m']);
    expect(r.code).toBe(6);
    const resume = resumeOf(r.stderr);
    expect(resume).toMatch(/^infra snapshots wait cache --operation [0-9a-f-]{36}$/);
    const again = await h.cli(resume!.split(' ').slice(1));
    expect(again.code, again.stderr).toBe(0);
  });

  it('a restore that fails (the resource does not run again): exit 1 with the operation error', async () => {
    const w = h.sim.world;
    const v = w.vps.add(
      newVps({
        id: '0b9c6a52-1111-4222-8333-444455556666',
        teamId: 1,
        name: 'doomed-fail',
        datacenter: 'fsn1',
        resourceProfile: 'nano_shared',
        image: 'debian-12',
        publicIp: '203.0.113.99',
        createdAt: w.now() - 86_400_000,
      }),
    );
    const p = w.recovery.addPoint({
      product: 'vps',
      teamId: 1,
      name: 'doomed-daily',
      description: null,
      resourceId: v.id,
      resourceName: v.name,
      engine: 'vps',
      operatorManaged: false,
      origin: 'automated',
      createdAt: w.now() - 3_600_000,
      readyAt: w.now() - 3_000_000,
      fixedState: null,
      sizeBytes: 1,
      protection: 'Second copy',
    });
    const r = await h.cli(['snapshots', 'restore', 'vps', String(p.id), '--confirm', 'doomed-fail', '--wait']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error: restore of doomed-fail failed: recovery.restore_failed');
    expect(r.stderr).toMatch(/hint: retrying will not help; 'infra operations get [0-9a-f-]{36}' shows the operation/);
  });

  it('--timeout without --wait is a usage error before any request', async () => {
    expect((await h.cli(['snapshots', 'restore', 'vps', '11', '--confirm', 'vps-01', '--timeout', '1m'])).code).toBe(2);
    expect(requestLines(h.sim)).toEqual([]);
  });
});

describe('snapshots wait', () => {
  it('exactly one of a point, --operation and --resource; --deleted with a point; --observed-after with --resource', async () => {
    for (const argv of [['vps'], ['vps', '11', '--resource', 'vps-01'], ['vps', '--deleted', '--resource', 'vps-01'], ['vps', '11', '--observed-after', '2026-01-01T00:00:00Z']]) {
      const r = await h.cli(['snapshots', 'wait', ...argv]);
      expect(r.code, argv.join(' ')).toBe(2);
    }
    expect(requestLines(h.sim)).toEqual([]);
  });

  it('--resource with --observed-after waits for a read newer than that', async () => {
    const before = (await h.cli(['database', 'list', '--json'])).stdout;
    const observed = (JSON.parse(before) as Array<{ id: string; status_details: { observed_at: string } }>).find((d) => d.id === SEED_IDS.mysql)!.status_details.observed_at;
    expect((await h.cli(['snapshots', 'restore', 'database', '31', '--confirm', 'shop-mysql'])).code).toBe(0);
    const r = await h.cli(['snapshots', 'wait', 'database', '--resource', 'shop-mysql', '--observed-after', observed]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/operation of shop-mysql finished: ready/);
  });
});
