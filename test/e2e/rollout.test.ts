// Rollouts end to end: the CLI in-process against the simulator, whose clock the test moves.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { harness, REG, until, type Harness } from './rollout-helpers.js';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(async () => {
  h.stopAll();
  await h.sim.close();
});

const FAST = ['--interval', '100ms'];
const gets = (id: number) => h.sim.requests.filter((r) => r.method === 'GET' && r.path === `/api/v1/serverless/${id}`);

function onlyJson(stdout: string): Record<string, unknown> {
  const value = JSON.parse(stdout) as Record<string, unknown>;
  expect(stdout.trim().startsWith('{')).toBe(true);
  return value;
}

describe('serverless update --wait', () => {
  it('ready: exit 0, one JSON object, no GET after the terminal state', async () => {
    h.tick();
    const r = await h.cli(['serverless', 'update', 'web', '--image', `${REG}/web:2.0.0`, '--wait', ...FAST, '--json']);
    expect(r.code).toBe(0);
    const out = onlyJson(r.stdout);
    expect(Object.keys(out).sort()).toEqual(['elapsed_seconds', 'id', 'observed_generation', 'outcome', 'spec_generation', 'status_details']);
    expect(out).toMatchObject({ id: 101, spec_generation: 4, observed_generation: 4, outcome: 'ready', status_details: { summary: 'ready', operation: { state: 'succeeded', terminal: true } } });
    const put = h.sim.requests.find((q) => q.method === 'PUT');
    expect(put?.body).toEqual({ image_url: `${REG}/web:2.0.0` });
    const polls = h.seen.filter((s) => s.path === '/api/v1/serverless/101');
    expect(polls.length).toBeGreaterThan(0);
    // Exactly one read saw generation 4 finished: the last one.
    expect(polls.filter((s) => s.terminal && s.observed >= 4)).toHaveLength(1);
    expect(polls.at(-1)).toMatchObject({ terminal: true, observed: 4 });
    expect(r.stderr).toMatch(/updated web \(id 101\): generation 4/);
    expect(r.stderr).toMatch(/generation 4 of web is ready/);
  });

  it('degraded: exit 3, the previous revision keeps serving, same configuration fails the same way', async () => {
    h.tick();
    const r = await h.cli(['serverless', 'update', 'web', '--image', `${REG}/web:crash`, '--wait', ...FAST]);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/error: rollout of generation 4 of web degraded: the new revision failed while the previous revision keeps serving/);
    expect(r.stderr).toMatch(/code: +serverless\.crash_loop/);
    expect(r.stderr).toMatch(/reason: +CrashLoopBackOff/);
    expect(r.stderr).toMatch(/hint: redeploying the same configuration fails the same way; the container starts and exits repeatedly/);
  });

  it('cancelled: exit 1', async () => {
    h.tick();
    const r = await h.cli(['serverless', 'update', 'web', '--image', `${REG}/web:cancel`, '--wait', ...FAST, '--json']);
    expect(r.code).toBe(1);
    expect(onlyJson(r.stdout)).toMatchObject({ outcome: 'cancelled' });
    expect(r.stderr).toMatch(/error: rollout of generation 4 of web was cancelled/);
  });

  it('queued behind another rollout, then ready', async () => {
    // A slow rollout (60 sim-s) is running when the change arrives.
    await h.cli(['serverless', 'update', 'web', '--image', `${REG}/web:slow`]);
    h.sim.world.clock.advance(5);
    const stop = h.tick(10, 1);
    const r = await h.cli(['serverless', 'update', 'web', '--image', `${REG}/web:2.0.0`, '--wait', ...FAST]);
    stop();
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/generation 5 queued behind another rollout \(generation 4 is rolling out\)/);
    expect(r.stderr).toMatch(/generation 5 of web is ready/);
  });

  it('two updates merged into one rollout: both waits finish', async () => {
    // The clock stands still until both changes are in: they are rolled out together.
    const a = h.cli(['serverless', 'update', 'web', '--env', 'A=1', '--wait', ...FAST, '--json']);
    await until(() => h.sim.requests.filter((q) => q.method === 'PUT').length === 1);
    const b = h.cli(['serverless', 'update', 'web', '--image', `${REG}/web:2.0.0`, '--wait', ...FAST, '--json']);
    await until(() => h.sim.requests.filter((q) => q.method === 'PUT').length === 2);
    h.tick();
    const [ra, rb] = await Promise.all([a, b]);
    expect(ra.code).toBe(0);
    expect(rb.code).toBe(0);
    expect(onlyJson(ra.stdout)).toMatchObject({ spec_generation: 4, observed_generation: 5, outcome: 'ready' });
    expect(onlyJson(rb.stdout)).toMatchObject({ spec_generation: 5, observed_generation: 5, outcome: 'ready' });
    expect(ra.stderr).toMatch(/rolled out together/);
  });

  it('timeout: exit 6 with the exact resume command, JSON outcome timeout', async () => {
    // A stale status is never trusted, so the wait cannot end before the deadline.
    await fetch(`${h.sim.url}/_sim/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ stale: true }) });
    const r = await h.cli(['serverless', 'update', 'web', '--image', `${REG}/web:2.0.0`, '--wait', '--timeout', '1s', '--interval', '200ms', '--json']);
    expect(r.code).toBe(6);
    expect(onlyJson(r.stdout)).toMatchObject({ id: 101, spec_generation: 4, outcome: 'timeout', status_details: { stale: true } });
    expect(r.stderr).toMatch(/the status is stale/);
    expect(r.stderr).toMatch(/error: timed out after 1s waiting for generation 4 of web; the rollout goes on server-side/);
    expect(r.stderr).toContain('hint: resume waiting with: infra serverless wait 101 --generation 4\n');
    // Polling stopped at the deadline: about 1s / 200ms reads, not more.
    expect(gets(101).length).toBeLessThanOrEqual(7);
  });

  it('interrupted (Ctrl-C): exit 130 with the resume hint', async () => {
    const ctrl = new AbortController();
    const p = h.cli(['serverless', 'update', 'web', '--image', `${REG}/web:2.0.0`, '--wait', ...FAST], { signal: ctrl.signal });
    await until(() => gets(101).length >= 2);
    ctrl.abort(new Error('interrupted'));
    const r = await p;
    expect(r.code).toBe(130);
    expect(r.stderr).toMatch(/interrupted while waiting for generation 4 of web; the rollout goes on server-side/);
    expect(r.stderr).toContain('hint: resume waiting with: infra serverless wait 101 --generation 4');
  });

  it('container deleted during the wait: exit 1, says so', async () => {
    const p = h.cli(['serverless', 'update', 'web', '--image', `${REG}/web:2.0.0`, '--wait', ...FAST]);
    await until(() => gets(101).length >= 1);
    const c = h.sim.world.containers.findAnyProject(101)!;
    h.sim.world.containers.delete(c);
    const r = await p;
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error: web \(id 101\) was deleted while waiting for generation 4 of web \(404\)/);
  });

  it('sends X-Team-Id on every request with --project, and the resume hint keeps it', async () => {
    await fetch(`${h.sim.url}/_sim/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ stale: true }) });
    const r = await h.cli(['--project', 'prj-main', 'serverless', 'update', 'web', '--min', '2', '--wait', '--timeout', '1s', '--interval', '300ms']);
    expect(r.code).toBe(6);
    expect(h.sim.requests.length).toBeGreaterThan(2);
    for (const q of h.sim.requests) expect(q.headers['x-team-id']).toBe('prj-main');
    expect(r.stderr).toContain('infra serverless wait 101 --generation 4 --project prj-main');
  });
});

describe('serverless create --wait: failures by code', () => {
  it.each([
    ['missing', 'serverless.image_not_found', 'ContainerMissing', /fix the image reference .*retrying the same configuration will not help/],
    ['arm64', 'serverless.image_arch_mismatch', 'ExitCode1', /rebuild it for linux\/amd64.*will not help/],
    ['flaky', 'serverless.image_pull_unknown', 'ImagePullBackOff', /a redeploy may help \(infra serverless redeploy \d+\)/],
  ])('%s → failed, %s', async (tag, code, reason, hint) => {
    h.tick();
    const r = await h.cli(['serverless', 'create', '--name', 'fresh', '--image', `${REG}/fresh:${tag}`, '--port', '8080', '--env', 'A=1', '--wait', ...FAST]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`error: rollout of generation 1 of fresh failed: ${code}`);
    expect(r.stderr).toMatch(new RegExp(`reason: +${reason}`));
    expect(r.stderr).toMatch(/message: +\S/);
    expect(r.stderr).toMatch(hint);
    const post = h.sim.requests.find((q) => q.method === 'POST');
    expect(post?.body).toEqual({ name: 'fresh', image_url: `${REG}/fresh:${tag}`, port: 8080, environment_variables: { A: '1' } });
  });
});

describe('serverless wait', () => {
  it('a settled container: decided from one read, no polling', async () => {
    const r = await h.cli(['serverless', 'wait', '101', '--json']);
    expect(r.code).toBe(0);
    expect(onlyJson(r.stdout)).toMatchObject({ id: 101, spec_generation: 3, outcome: 'ready' });
    expect(gets(101)).toHaveLength(1);
  });

  it('resumes a wait by generation (by name) and ends degraded with exit 3', async () => {
    const r = await h.cli(['serverless', 'wait', 'api', '--generation', '2']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/degraded/);
  });

  it('an earlier generation counts as finished once a later one is observed', async () => {
    const r = await h.cli(['serverless', 'wait', '101', '--generation', '1', '--json']);
    expect(r.code).toBe(0);
    expect(onlyJson(r.stdout)).toMatchObject({ spec_generation: 1, observed_generation: 3, outcome: 'ready' });
  });

  it('a generation that does not exist: exit 2', async () => {
    const r = await h.cli(['serverless', 'wait', '101', '--generation', '9']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/generation 9 of web does not exist: its latest change is generation 3/);
  });

  it('an unknown container: exit 5', async () => {
    const r = await h.cli(['serverless', 'wait', '999']);
    expect(r.code).toBe(5);
  });

  it('redeploy --wait on a rollout in flight waits for its own generation', async () => {
    h.tick();
    const r = await h.cli(['serverless', 'redeploy', 'batch', '--wait', ...FAST, '--json']);
    expect(r.code).toBe(0);
    expect(onlyJson(r.stdout)).toMatchObject({ id: 105, spec_generation: 3, outcome: 'ready' });
  });
});
