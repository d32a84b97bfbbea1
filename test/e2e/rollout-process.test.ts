// The built bin/infra as a real process: exit codes, stdout purity, SIGINT during a wait.
import { describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/sim/server.js';
import { useSimulator } from '../helpers/sim.js';
import { spawnCli } from '../helpers/cli.js';

let sim: Simulator;
let env: Record<string, string>;
useSimulator(
  (s, e) => {
    sim = s;
    env = e;
  },
  { reset: false },
);

describe('rollout wait as a process', () => {
  it('ready --json: exit 0, stdout is exactly one JSON object', async () => {
    const t = setInterval(() => sim.world.clock.advance(1), 5);
    try {
      const r = await spawnCli(['serverless', 'redeploy', 'web', '--wait', '--interval', '100ms', '--json'], { env });
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ id: 101, outcome: 'ready' });
      expect(r.stdout.trim().split('\n')[0]).toBe('{');
      expect(r.stdout.trimEnd().endsWith('}')).toBe(true);
    } finally {
      clearInterval(t);
    }
  });

  it('SIGINT while waiting: exit 130 with the resume command', async () => {
    // The clock stands still, so the rollout never finishes on its own.
    const r = await spawnCli(['serverless', 'update', 'web', '--min', '2', '--wait', '--interval', '100ms'], {
      env,
      onSpawn: (child) => {
        const timer = setInterval(() => {
          if (sim.requests.filter((q) => q.method === 'GET' && q.path === '/api/v1/serverless/101').length >= 2) {
            clearInterval(timer);
            child.kill('SIGINT');
          }
        }, 5);
      },
    });
    expect(r.code).toBe(130);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/error: interrupted while waiting for generation \d+ of web; the rollout goes on server-side/);
    expect(r.stderr).toMatch(/hint: resume waiting with: infra serverless wait 101 --generation \d+/);
  });

  it('timeout: exit 6', async () => {
    // A change to cron while the clock stands still: it stays queued.
    const res = await fetch(`${sim.url}/api/v1/serverless/106`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${sim.tokens.admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ max_instances: 4 }),
    });
    const g = ((await res.json()) as { container: { spec_generation: number } }).container.spec_generation;
    const r = await spawnCli(['serverless', 'wait', 'cron', '--timeout', '1s', '--interval', '200ms', '--json'], { env });
    expect(r.code).toBe(6);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: 106, spec_generation: g, outcome: 'timeout' });
    expect(r.stderr).toContain(`hint: resume waiting with: infra serverless wait 106 --generation ${g}\n`);
  });
});
