// The built bin/infra as a real process, on a server with generations and on one without:
// exit codes, stdout purity, SIGINT and SIGTERM during a wait. Real time here (a process has its own
// clock), so the few tests move the simulator's clock on a timer or not at all.
import { describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/sim/server.js';
import { SEED_IDS } from '../../src/sim/state/seed.js';
import { spawnCli, errorText } from '../helpers/cli.js';
import { body, SERVER_KINDS, simApi, useSimulator } from '../helpers/sim.js';

describe.each(SERVER_KINDS)('rollout wait as a process, $kind', (K) => {
  const gens = K.generations;
  let sim: Simulator;
  let env: Record<string, string>;
  useSimulator(
    (s, e) => {
      sim = s;
      env = e;
    },
    { generations: gens },
  );

  const api = async (method: string, path: string, payload?: unknown) =>
    body<{ container: { spec_generation?: number; deployment_count?: number; status_details: { observed_at: string } } }>(await simApi(sim).send(method, `/api/v1${path}`, payload));
  const gets = (id: string) => sim.requests.filter((q) => q.method === 'GET' && q.path === `/api/v1/serverless/${id}`).length;

  it('ready --json: exit 0, stdout is exactly one JSON object', async () => {
    const t = setInterval(() => sim.world.clock.advance(1), 5);
    try {
      const r = await spawnCli(['serverless', 'redeploy', 'web', '--wait', '--interval', '100ms', '--json'], { env });
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({
        id: SEED_IDS.web,
        outcome: 'ready',
        // This simulator serves GET /operations/{container id}: the change's own operation decides (6.8d).
        evidence: gens ? 'generation' : 'operation',
        spec_generation: gens ? 4 : null,
        status_details: { summary: 'ready', operation: { state: 'succeeded', terminal: true } },
      });
      expect(r.stdout.split('\n')[0]).toBe('{');
      expect(r.stdout.endsWith('}\n')).toBe(true);
      expect(errorText(r.stderr)).toMatch(gens ? /generation 4 of web is ready/ : /the rollout of web is ready/);
    } finally {
      clearInterval(t);
    }
  });

  it.each([
    ['SIGINT', 130, 'interrupted'],
    ['SIGTERM', 143, 'terminated'],
  ] as const)('%s while waiting: exit %i with the resume command', async (signal, code, word) => {
    // The clock stands still, so the rollout never starts.
    const base = gets(SEED_IDS.web);
    const r = await spawnCli(['serverless', 'update', 'web', '--min', '2', '--wait', '--interval', '100ms'], {
      env,
      onSpawn: (child) => {
        const timer = setInterval(() => {
          if (gets(SEED_IDS.web) - base >= 2) {
            clearInterval(timer);
            child.kill(signal);
          }
        }, 5);
      },
    });
    expect(r.code).toBe(code);
    expect(r.stdout).toBe('');
    const what = gens ? 'generation 4 of web' : 'the change to web';
    expect(errorText(r.stderr)).toContain(`error: ${word} while waiting for ${what}; the rollout goes on server-side\n`);
    // Without generations the change's own operation was read, queued: it began, so a plain
    // wait follows it from here (the baseline is no longer needed).
    if (gens) expect(errorText(r.stderr)).toContain(`hint: resume waiting with: infra serverless wait web --generation 4\n`);
    // The signal may come before or after a read that showed the change queued (it began):
    // then a plain wait follows it; before, the hint carries the read before the change.
    else expect(errorText(r.stderr)).toMatch(new RegExp(`^hint: resume waiting with: infra serverless wait web( --observed-after \\S+ --deployments-before 3)?$`, 'm'));
  });

  it('timeout: exit 6 with the resume command, stdout is the JSON object', async () => {
    // A change to cron while the clock stands still: it stays queued.
    const before = (await api('GET', `/serverless/${SEED_IDS.cron}`)).container.status_details.observed_at;
    const base = gets(SEED_IDS.cron);
    const g = (await api('PUT', `/serverless/${SEED_IDS.cron}`, { max_scale: 4 })).container.spec_generation;
    expect(g).toBe(gens ? 2 : undefined);
    const argv = gens ? ['serverless', 'wait', 'cron'] : ['serverless', 'wait', 'cron', '--observed-after', before];
    const r = await spawnCli([...argv, '--timeout', '1s', '--interval', '200ms', '--json'], { env });
    expect(r.code).toBe(6);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: SEED_IDS.cron, spec_generation: g ?? null, outcome: 'timeout', evidence: null });
    expect(r.stdout.split('\n')[0]).toBe('{');
    // Without generations a read showed the change queued (in flight after the write): a plain wait resumes it.
    const resume = gens ? `infra serverless wait cron --generation ${g}` : `infra serverless wait cron`;
    expect(errorText(r.stderr)).toContain(`error: timed out after 1s waiting for ${gens ? `generation ${g} of cron` : 'the change to cron'}; the rollout goes on server-side`);
    expect(errorText(r.stderr)).toContain(`hint: resume waiting with: ${resume}\n`);
    // It polled until the deadline: more than the first read, far fewer than a busy loop.
    const polls = gets(SEED_IDS.cron) - base;
    expect(polls).toBeGreaterThan(2);
    expect(polls).toBeLessThanOrEqual(7);
  });
});
