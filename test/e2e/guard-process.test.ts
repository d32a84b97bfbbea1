// Guarded deploys as real processes (bin/infra) against the simulator: exit 8 after a
// rollback, the previous image serving again, and no rollback for a client timeout. Real time
// here (a process has its own clock): the simulator's clock is moved on a timer.
import { describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/sim/server.js';
import { SEED_IDS } from '../../src/sim/state/seed.js';
import { spawnCli } from '../helpers/cli.js';
import { body, REG, simApi, useSimulator } from '../helpers/sim.js';

describe('guarded deploys as a process', () => {
  let sim: Simulator;
  let env: Record<string, string>;
  useSimulator((s, e) => {
    sim = s;
    env = e;
  });
  const puts = () => sim.requests.filter((q) => q.method === 'PUT' && q.path === `/api/v1/serverless/${SEED_IDS.web}`);
  const serving = async () => (await body<{ container: { image_tag: string } }>(await simApi(sim).get(`/api/v1/serverless/${SEED_IDS.web}`, { record: false }))).container.image_tag;

  it('a bad image rolls back: exit 8, --json names both generations, the previous image serves', async () => {
    const t = setInterval(() => sim.world.clock.advance(2), 5);
    try {
      const r = await spawnCli(['serverless', 'update', 'web', '--image', `${REG}/web:crash`, '--rollback-on-failure', '--interval', '100ms', '--json'], { env });
      expect(r.code, r.stderr).toBe(8);
      expect(JSON.parse(r.stdout)).toMatchObject({ outcome: 'degraded', spec_generation: 4, rollback: { failed_generation: 4, rolled_back: true, rollback_generation: 5 } });
      expect(r.stderr).toMatch(/generation 4 of web ended degraded; rolled back: generation 5/);
      expect(puts()).toHaveLength(2);
      expect(await serving()).toBe('1.2.0');
    } finally {
      clearInterval(t);
    }
  });

  it('a --verify check failing on a good rollout rolls back: exit 8', async () => {
    const t = setInterval(() => sim.world.clock.advance(2), 5);
    try {
      const r = await spawnCli(['serverless', 'update', 'web', '--image', `${REG}/web:1.3.0`, '--verify', '/status/500', '--rollback-on-failure', '--interval', '100ms'], { env });
      expect(r.code, r.stderr).toBe(8);
      expect(r.stderr).toMatch(/answered 500, not 2xx or 3xx/);
      expect(await serving()).toBe('1.2.0');
    } finally {
      clearInterval(t);
    }
  });

  it('a client timeout never rolls back: exit 6, the server saw no rollback write', async () => {
    // The simulator's clock stands still: the rollout never ends within --timeout.
    const r = await spawnCli(['serverless', 'update', 'web', '--image', `${REG}/web:crash`, '--rollback-on-failure', '--timeout', '1s', '--interval', '100ms'], { env });
    expect(r.code, r.stderr).toBe(6);
    expect(puts()).toHaveLength(1);
  });
});
