// A database's first hour through bin/infra: the wait on its create says what is happening in
// words a person reads ("creating … (provisioning)", not "pending (running)"), and the NDJSON
// progress of a stop names the action (`stopping`), not a rollout. The simulator's clock stands
// still, so each wait times out after its first reads (exit 6) with the in-flight state shown.
import { describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.js';
import { simEnv, useSimulator, type Simulator } from '../helpers/sim.js';

let sim: Simulator;
useSimulator((s) => (sim = s));

const QUICK = ['--timeout', '1s', '--interval', '200ms'];

describe('database waits speak of the action', () => {
  it('create --wait: "creating <name> (provisioning)", never "pending (running)"', async () => {
    const r = await spawnCli(['database', 'create', '--name', 'first-pg', '--engine', 'postgresql', '--profile', 'small', '--wait', ...QUICK], { env: simEnv(sim) });
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toMatch(/^\S+ creating first-pg \(provisioning\)$/m);
    expect(r.stderr).not.toMatch(/pending|\(running\)/);
  });

  it('stop --wait --progress json: the phase is "stopping", the final event is unchanged', async () => {
    const r = await spawnCli(['database', 'stop', 'orders-pg', '--wait', '--progress', 'json', ...QUICK], { env: simEnv(sim) });
    expect(r.code, r.stderr).toBe(6);
    const events = r.stderr
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { phase: string; name: string; outcome?: string; operation: string | null });
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events[0]).toMatchObject({ name: 'orders-pg', phase: 'stopping', operation: 'running' });
    expect(events.map((e) => e.phase)).not.toContain('rolling_out');
    expect(events.at(-1)).toMatchObject({ phase: 'done', outcome: 'timeout' });
  });
});
