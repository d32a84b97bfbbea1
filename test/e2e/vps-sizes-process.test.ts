// `vps update` by size through the real bin/infra against the simulator: the plan read, the one
// field sent, and a refusal before any change when the figures do not name one plan.
import { describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.js';
import { SEED_IDS, simEnv, useSimulator, type Simulator } from '../helpers/sim.js';

let sim: Simulator;
useSimulator((s) => (sim = s));
const puts = () => sim.requests.filter((q) => q.method === 'PUT');

describe('vps update --cores/--memory/--storage through bin/infra', () => {
  it('sends the plan with those figures, only resource_profile', async () => {
    const r = await spawnCli(['vps', 'update', SEED_IDS.vps[0]!, '--cores', '8', '--memory', '32', '--storage', '320GB'], { env: simEnv(sim) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('8 vCPU, 32 GB memory, 320 GB storage: plan large');
    expect(puts().map((q) => [q.path, q.body])).toEqual([[`/api/v1/vps/${SEED_IDS.vps[0]}`, { resource_profile: 'large' }]]);
  });

  it('figures of two plans: exit 2, both named, no PUT', async () => {
    const r = await spawnCli(['vps', 'update', 'vps-01', '--memory', '16'], { env: simEnv(sim) });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: 2 plans have 16 GB memory: large_shared .*; medium /m);
    expect(r.stdout).toBe('');
    expect(puts()).toEqual([]);
  });
});
