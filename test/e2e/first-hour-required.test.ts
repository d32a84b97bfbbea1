// A create with several required flags names every missing one in its one error (it named
// them one run at a time), and its --help marks them; nothing is sent.
import { describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.js';
import { simEnv, useSimulator, type Simulator } from '../helpers/sim.js';

describe('required flags through bin/infra', () => {
  let sim: Simulator;
  useSimulator((s) => (sim = s));

  it('vps create without its flags: one error naming all four, exit 2, no request', async () => {
    const r = await spawnCli(['vps', 'create'], { env: simEnv(sim) });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe("error: required options --name, --image, --profile and --cpu-platform not specified\nhint: see 'infra vps create --help'\n");
    expect(sim.requests).toEqual([]);
  });

  it('with some given: the rest, in one line', async () => {
    const r = await spawnCli(['vps', 'create', '--name', 'web-1', '--plan', 'small_shared'], { env: simEnv(sim) });
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe('error: required options --image and --cpu-platform not specified');
  });

  it('one missing: said in the singular', async () => {
    const r = await spawnCli(['database', 'create', '--name', 'orders', '--engine', 'postgresql'], { env: simEnv(sim) });
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe('error: required option --profile not specified');
  });

  it('--help marks each required flag', async () => {
    const r = await spawnCli(['vps', 'create', '--help']);
    expect(r.code).toBe(0);
    for (const flag of ['--name <name>', '--image <image>', '--profile, --plan <name>', '--cpu-platform <platform>']) {
      const line = r.stdout.slice(r.stdout.indexOf(`  ${flag}`)).split(/\n {2}-/)[0]!;
      expect(line, flag).toMatch(/\(required\)/);
    }
    expect(r.stdout.slice(r.stdout.indexOf('  --datacenter')).split(/\n {2}-/)[0]).not.toMatch(/required/);
  });
});
