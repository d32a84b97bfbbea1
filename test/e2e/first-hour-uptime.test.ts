// A second uptime check with a name already used was accepted, and the name then named no one
// check. Refused on create (exit 1, a conflict), naming the check that has it; nothing sent.
import { describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.js';
import { simEnv, useSimulator, type Simulator } from '../helpers/sim.js';

describe('uptime create with a taken name, through bin/infra', () => {
  let sim: Simulator;
  useSimulator((s) => (sim = s));

  it('refused: exit 1, the existing check named with its id, no POST', async () => {
    const env = simEnv(sim);
    const existing = (JSON.parse((await spawnCli(['uptime', 'list', '--json'], { env })).stdout) as { id: string; name: string }[]).find((c) => c.name === 'homepage')!;
    sim.requests.length = 0;
    const r = await spawnCli(['uptime', 'create', '--name', 'homepage', '--url', 'https://example.test/'], { env });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`error: an uptime check named "homepage" exists already (id ${existing.id})\nhint: 'infra uptime update homepage' changes it; or pick another --name\n`);
    expect(sim.requests.filter((q) => q.method === 'POST')).toEqual([]);
  });

  it('a new name: created (exit 0)', async () => {
    const r = await spawnCli(['uptime', 'create', '--name', 'docs-site', '--url', 'https://example.test/'], { env: simEnv(sim) });
    expect(r.code, r.stderr).toBe(0);
    expect(sim.requests.filter((q) => q.method === 'POST')).toHaveLength(1);
  });
});
