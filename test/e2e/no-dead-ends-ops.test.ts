// Issue 15, the operations part: `infra operations get|wait` follow GET /api/v1/operations/{id}
// with the wait's exit codes; a restore refuses an unavailable point before asking anything
// and prints the command that follows its operation. Through the real bin/infra against one
// simulator (frozen time), plus two in-process runs in virtual time on the same simulator for
// the server's pacing and the 404 grace.
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { uuidFrom } from '../../src/sim/state/ids.js';
import { spawnCli, errorText } from '../helpers/cli.js';
import { peek, requestLines, SEED_IDS, simApi, useHarness, type Harness } from '../helpers/sim.js';

let h: Harness;
useHarness((x) => (h = x));

const opGets = () => h.sim.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/api/v1/operations/')).length;
const posts = () => h.sim.requests.filter((r) => r.method !== 'GET');
/** A change to cron while the clock stands still: its operation stays queued. */
const changeCron = () => simApi(h.sim).send('PUT', `/api/v1/serverless/${SEED_IDS.cron}`, { max_scale: 4 }, { record: false });

describe('operations get', () => {
  it('a container name: the raw reference first, then (on its 404) the container it names; key/value on a terminal, the data with --json', async () => {
    const r = await spawnCli(['operations', 'get', 'api'], { env: h.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Operation: +[0-9a-f-]{36}$/m);
    expect(r.stdout).toMatch(new RegExp(`^Resource: +${SEED_IDS.api} \\(serverless_container\\)$`, 'm'));
    expect(r.stdout).toMatch(/^State: +failed$/m);
    expect(r.stdout).toMatch(/^Terminal: +yes$/m);
    expect(r.stdout).toMatch(/^Image: +registry\.sim\.local\/acme\/api:crash$/m);
    expect(r.stdout).toMatch(/^Error: +serverless\.crash_loop: /m);
    expect(r.stdout).toMatch(/^Retryable: +no: retrying will not help$/m);
    expect(requestLines(h.sim)).toEqual(['GET /api/v1/operations/api', 'GET /api/v1/serverless', `GET /api/v1/operations/${SEED_IDS.api}`]);

    const { data } = await peek<{ data: { operation_id: string } }>(h.sim, `/api/v1/operations/${SEED_IDS.api}`);
    h.sim.requests.length = 0;
    // The operation id itself: one request, --json is the envelope's data.
    const j = await spawnCli(['operations', 'get', data.operation_id, '--json'], { env: h.env });
    expect(j.code, j.stderr).toBe(0);
    expect(JSON.parse(j.stdout)).toEqual(data);
    expect(requestLines(h.sim)).toEqual([`GET /api/v1/operations/${data.operation_id}`]);
  });

  it('an operation that is still running says how to follow it; unknown references exit 5', async () => {
    await changeCron();
    const r = await spawnCli(['operations', 'get', 'cron'], { env: h.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Terminal: +no: still running$/m);
    expect(errorText(r.stderr)).toContain('hint: follow it with: infra operations wait cron');
    // In-process from here (the same code as bin/infra runs; the spawns above prove the process).
    const id = await h.cli(['operations', 'get', '00000000-0000-4000-8000-000000000000']);
    expect(id.code).toBe(5);
    expect(errorText(id.stderr)).toContain('error: no operation 00000000-0000-4000-8000-000000000000 (404 on GET /api/v1/operations/00000000-0000-4000-8000-000000000000)');
    const name = await h.cli(['operations', 'get', 'no-such-thing']);
    expect(name.code).toBe(5);
    expect(errorText(name.stderr)).toContain('error: no operation "no-such-thing", and no container by that name or slug');
  });
});

describe('operations wait: the wait exit codes', () => {
  it('succeeded: exit 0, --json prints the operation', async () => {
    const r = await spawnCli(['operations', 'wait', 'web', '--json'], { env: h.env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ resource_id: SEED_IDS.web, state: 'succeeded', terminal: true });
    expect(errorText(r.stderr)).toMatch(/deploy of web finished: succeeded/);
  });

  it('failed: exit 1 with the code, the message and the spec 7.2 hint (not retryable)', async () => {
    const r = await spawnCli(['operations', 'wait', 'api'], { env: h.env });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(errorText(r.stderr)).toContain('error: deploy of api failed: serverless.crash_loop\n');
    expect(errorText(r.stderr)).toMatch(/^ {2}message: Container failed with: /m);
    expect(errorText(r.stderr)).toMatch(/^hint: the container starts and exits repeatedly: .*retrying the same configuration will not help/m);
  });

  it('failed, retryable: the hint says a retry may help', async () => {
    await simApi(h.sim).send('PUT', `/api/v1/serverless/${SEED_IDS.cron}`, { image_tag: 'flaky' }, { record: false });
    h.sim.world.clock.advance(600);
    const r = await h.cli(['operations', 'wait', 'cron']);
    expect(r.code).toBe(1);
    expect(errorText(r.stderr)).toContain('error: deploy of cron failed: serverless.image_pull_unknown\n');
    expect(errorText(r.stderr)).toMatch(/^hint: .*a redeploy may help \(infra serverless redeploy /m);
    expect(errorText(r.stderr)).not.toMatch(/will not help/);
  });

  it('timeout: exit 6 with the resume command, the operation (still running) on stdout', async () => {
    await changeCron();
    // Virtual time: 10 s pass at once, the rollout (12 s) is not done.
    const r = await h.cli(['operations', 'wait', 'cron', '--timeout', '10s', '--json']);
    expect(r.code).toBe(6);
    expect(JSON.parse(r.stdout)).toMatchObject({ resource_id: SEED_IDS.cron, terminal: false });
    expect(errorText(r.stderr)).toContain('error: timed out after 10s waiting for the deploy of cron; it goes on server-side\n');
    expect(errorText(r.stderr)).toContain('hint: resume waiting with: infra operations wait cron\n');
  });

  it.each([
    ['SIGINT', 130, 'interrupted'],
    ['SIGTERM', 143, 'terminated'],
  ] as const)('%s while waiting: exit %i with the resume command', async (signal, code, word) => {
    await changeCron();
    const r = await spawnCli(['operations', 'wait', 'cron'], {
      env: h.env,
      onSpawn: (child) => {
        const timer = setInterval(() => {
          if (opGets() >= 2) {
            clearInterval(timer);
            child.kill(signal);
          }
        }, 5);
      },
    });
    expect(r.code).toBe(code);
    expect(r.stdout).toBe('');
    expect(errorText(r.stderr)).toContain(`error: ${word} while waiting for the deploy of cron; it goes on server-side\n`);
    expect(errorText(r.stderr)).toContain('hint: resume waiting with: infra operations wait cron\n');
  });
});

describe('operations wait in virtual time', () => {
  it("honours the server's poll_after_ms (3 s) between reads", async () => {
    const times: number[] = [];
    h.sim.use(
      http.get('*/api/v1/operations/:id', () => {
        times.push(h.sim.world.now());
        return undefined;
      }),
    );
    await changeCron();
    const r = await h.cli(['operations', 'wait', SEED_IDS.cron]);
    expect(r.code, r.stderr).toBe(0);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(gaps.length).toBeGreaterThan(2);
    // The engine alone would start at 1 s; the server asked for 3 s.
    for (const g of gaps) expect(g).toBeGreaterThanOrEqual(3_000);
  });

  it('an operation id that is not there yet (404) is waited for, not a failure; one that never appears ends with exit 5', async () => {
    // The simulator's operation ids are derived: the next change of cron will have this one.
    const next = uuidFrom(`${SEED_IDS.cron}/operation/2`);
    let changed = false;
    const r = await h.cli(['operations', 'wait', next], {
      onIdle: async () => {
        if (!changed && opGets() >= 2) {
          changed = true;
          await changeCron();
        }
      },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(errorText(r.stderr)).toMatch(/could not read the status \(operation \S+ not there yet \(404\)\); still waiting/);
    expect(errorText(r.stderr)).toMatch(/deploy of container \S+ finished: succeeded/);

    const never = await h.cli(['operations', 'wait', '00000000-0000-4000-8000-000000000000']);
    expect(never.code).toBe(5);
    expect(errorText(never.stderr)).toContain('error: no operation 00000000-0000-4000-8000-000000000000: GET /api/v1/operations/00000000-0000-4000-8000-000000000000 still answered 404 after 30s');
  });
});

describe('snapshots restore', () => {
  it('a point whose restore is unavailable: refused before the review, exit 1, the reason, nothing sent', async () => {
    for (const [product, point, name, reason] of [
      ['database', SEED_IDS.snapshots.database.postgres, 'orders-pg', 'PostgreSQL cannot be restored in place'],
      ['cache', SEED_IDS.snapshots.cache.dragonfly, 'feed-dragonfly', 'replace-existing restore is unavailable for operator-managed dragonfly'],
      ['database', SEED_IDS.snapshots.database.mysqlFailed, 'shop-mysql', 'the recovery point failed and holds no usable data'],
    ] as const) {
      const argv = ['snapshots', 'restore', product, String(point), '--confirm', name];
      // The first through bin/infra, the others in-process.
      const r = product === 'database' && point === SEED_IDS.snapshots.database.postgres ? await spawnCli(argv, { env: h.env }) : await h.cli(argv);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(errorText(r.stderr)).toContain(`error: refusing to restore point ${point} in place: ${reason}`);
      expect(errorText(r.stderr)).toContain('nothing was sent');
      expect(errorText(r.stderr)).not.toContain('Replace-existing restore');
    }
    expect(posts()).toEqual([]);
    expect(h.sim.world.recovery.operations).toHaveLength(0);
  });

  it('prints the command that follows its operation, and that command follows it to the end', async () => {
    const r = await spawnCli(['snapshots', 'restore', 'vps', String(SEED_IDS.snapshots.vps.daily), '--confirm', 'vps-01'], { env: h.env });
    expect(r.code, r.stderr).toBe(0);
    const op = r.stdout.trim();
    expect(op).toBe(h.sim.world.recovery.operations[0]!.id);
    const follow = `infra snapshots wait vps --operation ${op}`;
    expect(errorText(r.stderr)).toContain(`hint: follow it with: ${follow}\n`);
    h.sim.world.clock.advance(3_600);
    const w = await spawnCli(follow.split(' ').slice(1), { env: h.env });
    expect(w.code, w.stderr).toBe(0);
    expect(errorText(w.stderr)).toMatch(/restore of the vps restore finished/);
  });
});
