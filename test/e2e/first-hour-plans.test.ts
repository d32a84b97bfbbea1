// Plans and images are what a person chooses from: a table (one row per choice, sizes and the
// monthly price said as people read them), tab-separated when piped, --json as sent. They were
// `plans[0].monthly_cost_cents: 1500` dumps. Through bin/infra (piped) and a terminal (tmux).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.js';
import { simEnv, useSimulator, type Simulator } from '../helpers/sim.js';
import { hasTmux, Tmux } from '../tty/tmux.js';

let sim: Simulator;
useSimulator((s) => (sim = s), { reset: false });

describe('plans and images, piped', () => {
  it.each([
    [['database', 'plans'], 'ID\tNAME\tCPU\tMEMORY\tSTORAGE\tPRICE/MONTH', 'small\tSmall\t1 vCPU\t1 GiB\t10 GB\t15.00'],
    [['cache', 'plans'], 'ID\tNAME\tCPU\tMEMORY\tPRICE/MONTH', 'small\tSmall\t1 vCPU\t1 GiB\t15.00'],
    [['vps', 'plans'], 'ID\tNAME\tCPU\tCPU TYPE\tMEMORY\tSTORAGE\tPRICE/MONTH', 'pico_shared\tPico (shared)\t1 vCPU\tshared\t1 GiB\t10 GB\t2.99'],
    [['vps', 'images'], 'ID\tNAME\tDESCRIPTION', 'debian-12\tDebian 12\tDebian 12 (bookworm)'],
  ])('%j: a header and one row per choice; --json unchanged', async (argv, header, first) => {
    const env = simEnv(sim);
    const [r, json] = await Promise.all([spawnCli(argv, { env }), spawnCli([...argv, '--json'], { env })]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe(header);
    expect(lines[1]).toBe(first);
    const answer = JSON.parse(json.stdout) as Record<string, unknown[]>;
    expect(lines.length - 1).toBe(Object.values(answer)[0]!.length);
  });
});

describe.runIf(hasTmux || !!process.env.CI)('plans on a terminal', () => {
  let term: Tmux;
  beforeAll(() => {
    term = new Tmux(simEnv(sim));
  });
  afterAll(() => term.close());

  it('database plans: an aligned table, no key dump', async () => {
    term.clear();
    const r = await term.run('infra database plans');
    expect(r.code).toBe(0);
    expect(r.screen).toMatch(/^ID +NAME +CPU +MEMORY +STORAGE +PRICE\/MONTH$/m);
    expect(r.screen).toMatch(/^medium +Medium +2 vCPU +4 GiB +40 GB +45\.00$/m);
    expect(r.screen).not.toContain('plans[0]');
  });
});
