// Contract 6.8 (rewritten) through the built bin/infra, on a server without generations: the
// three situations in which a client may report the previous rollout's verdict as the
// change's. Each ends only on a rollout that began after the write, and --json names the
// evidence that decided. Real processes, so the simulator's clock moves on a timer.
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/sim/server.js';
import { SEED_IDS } from '../../src/sim/state/seed.js';
import { settle } from '../../src/sim/state/containers.js';
import { spawnCli } from '../helpers/cli.js';
import { body, REG, simApi, useSimulator } from '../helpers/sim.js';

describe('contract 6.8 through bin/infra, on a server without generations', () => {
  let sim: Simulator;
  let env: Record<string, string>;
  useSimulator(
    (s, e) => {
      sim = s;
      env = e;
    },
    { generations: false },
  );
  let ticking: ReturnType<typeof setInterval> | undefined;
  afterEach(() => {
    clearInterval(ticking);
    sim.resetHandlers();
  });
  /** One simulated second every `ms` of real time. */
  const tick = (ms = 5) => (ticking = setInterval(() => sim.world.clock.advance(1), ms));
  const web = SEED_IDS.web;
  const container = () => settle(sim.world.containers.findAnyTeam(web)!, sim.world.now());
  const lines = () => sim.requests.map((q) => `${q.method} ${q.path}`);

  it('a change sent while a rollout runs: the running rollout is settled first, then the change is sent and waited for', async () => {
    // A slow rollout (60 sim-s) is running when the change is asked for.
    expect((await simApi(sim).send('PUT', `/api/v1/serverless/${web}`, { image_tag: 'slow' })).status).toBe(200);
    sim.world.clock.advance(5);
    sim.requests.length = 0;
    // Slower, so that the slow rollout still runs when the process has started.
    tick(40);
    const r = await spawnCli(['serverless', 'update', 'web', '--image', `${REG}/web:2.0.0`, '--wait', '--interval', '200ms', '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^a rollout of web is already running: waiting for it to finish before sending the change$/m);
    const out = JSON.parse(r.stdout) as { outcome: string; evidence: string };
    expect(out).toMatchObject({ outcome: 'ready', evidence: 'operation' });
    // The PUT went only after the slow rollout ended, and the rollout that ended the wait began after it.
    const rollouts = container().rollouts;
    const slow = rollouts.find((x) => x.spec.image_tag === 'slow')!;
    const change = rollouts.find((x) => x.spec.image_tag === '2.0.0')!;
    expect(change.startAt).toBeGreaterThanOrEqual(slow.endAt);
    const put = lines().indexOf(`PUT /api/v1/serverless/${web}`);
    expect(put).toBeGreaterThan(0);
    expect(lines().slice(0, put)).toContain(`GET /api/v1/operations/${web}`);
  });

  it("the platform looked again between the name lookup and the write: the previous success is not the change's", async () => {
    // The list item is older than the platform's last look; after the write, the next reads
    // still show the previous rollout's success with that newer observed_at. The operations
    // route is absent (404): the fresh-observation rule alone decides.
    const listed = (await body<{ data: Array<Record<string, unknown>> }>(await simApi(sim).get('/api/v1/serverless?per_page=200'))).data;
    const item = listed.find((c) => c.id === web)!;
    const details = item.status_details as Record<string, unknown>;
    const older = { ...item, status_details: { ...details, observed_at: new Date(Date.parse(String(details.observed_at)) - 60_000).toISOString() } };
    const show = await body<Record<string, unknown>>(await simApi(sim).get(`/api/v1/serverless/${web}`));
    let laggingReads = 3;
    sim.use(
      http.get('*/api/v1/operations/:id', () => HttpResponse.json({ message: 'Not Found' }, { status: 404 })),
      http.get('*/api/v1/serverless', () =>
        HttpResponse.json({ data: listed.map((c) => (c.id === web ? older : c)), pagination: { current_page: 1, last_page: 1, per_page: 200, total: listed.length } }),
      ),
      http.get('*/api/v1/serverless/:id', ({ params }) => {
        const wrote = sim.requests.some((q) => q.method === 'PUT');
        if (params.id !== web || !wrote || laggingReads <= 0) return undefined;
        laggingReads--;
        return HttpResponse.json(show);
      }),
    );
    sim.requests.length = 0;
    tick();
    const r = await spawnCli(['serverless', 'update', 'web', '--image', `${REG}/web:crash`, '--wait', '--interval', '200ms', '--json'], { env });
    // The change crash-loops: degraded (exit 3), never "ready" from the lagging reads.
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).not.toMatch(/is ready|rolled out/);
    expect(JSON.parse(r.stdout)).toMatchObject({ outcome: 'degraded', evidence: 'fresh_observation', status_details: { error: { code: 'serverless.crash_loop' } } });
    expect(laggingReads).toBe(0);
  });

  it('a redeploy: its 202 carries no container; the first read after it is the baseline, and the new operation decides', async () => {
    sim.requests.length = 0;
    const before = container().rollouts.length;
    tick();
    const r = await spawnCli(['serverless', 'redeploy', 'web', '--wait', '--interval', '200ms', '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ outcome: 'ready', evidence: 'operation', spec_generation: null });
    expect(container().rollouts.length).toBe(before + 1);
    const post = lines().indexOf(`POST /api/v1/serverless/${web}/redeploy`);
    // The read and the operation before the write, then the write, then reads.
    expect(lines().slice(0, post).sort()).toEqual(['GET /api/v1/operations/' + web, 'GET /api/v1/serverless', `GET /api/v1/serverless/${web}`].sort());
  });
});
