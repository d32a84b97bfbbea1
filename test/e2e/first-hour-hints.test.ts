// The way out a "no such name" error names is a command that runs: each family the CLI groups
// under another noun (alerts, uptime) or lists below another resource (a VPS's volumes, a
// product's recovery points) is looked up with a name that is not there, and the hint's
// command is then run as printed, through bin/infra.
import { describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.js';
import { shellWords } from '../helpers/help-examples.js';
import { simEnv, useSimulator, type Simulator } from '../helpers/sim.js';

describe('a missing name: the hint lists what is there, and runs', () => {
  let sim: Simulator;
  useSimulator((s) => (sim = s));

  it.each([
    [['uptime', 'get', 'no-such-check'], /'infra uptime list' shows them/],
    [['alerts', 'metric', 'get', 'no-such-alert'], /'infra alerts metric list' shows them/],
    [['alerts', 'resource', 'rules', 'get', 'no-such-rule'], /'infra alerts resource rules list' shows them/],
    [['snapshots', 'delete', 'cache', 'no-such-point', '--yes'], /'infra snapshots list cache' shows them/],
    [['vps', 'volumes', 'get', 'VPS', 'no-such-volume'], /'infra vps volumes list \S+' shows them/],
  ])('%j', async (argv, hint) => {
    const env = simEnv(sim);
    if (argv.includes('VPS')) {
      const vps = JSON.parse((await spawnCli(['vps', 'list', '--json'], { env })).stdout) as { name: string }[];
      argv = argv.map((w) => (w === 'VPS' ? vps[0]!.name : w));
    }
    const r = await spawnCli(argv, { env });
    expect(r.code, r.stderr).toBe(5);
    expect(r.stderr).toMatch(hint);
    const command = /'infra ([^']+)' shows them/.exec(r.stderr)![1]!;
    const listed = await spawnCli(shellWords(command), { env });
    expect(listed.code, listed.stderr).toBe(0);
  });
});
