// Issue 22, item 7: Tab offers what is there. In a real bash on a terminal (tmux), with the
// script `infra completion bash` prints sourced: the names of the simulator's containers after
// `infra serverless get `, a unique one completed in place, the projects after --project.
// Fails on a build without `infra __complete` (the script then offers nothing there).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simEnv, useSimulator, type Simulator } from '../helpers/sim.js';
import { hasTmux, Tmux } from './tmux.js';

let sim: Simulator;
useSimulator((s) => (sim = s), { reset: false });

describe.runIf(hasTmux || !!process.env.CI)('bash: Tab completes the names of what is there', () => {
  let term: Tmux;
  beforeAll(async () => {
    term = new Tmux(simEnv(sim));
    // The completion cache of this terminal only (INFRA_CACHE_DIR, in the terminal's own directory).
    const loaded = await term.run(`export INFRA_CACHE_DIR='${join(term.dir, 'cache')}'; source <(infra completion bash)`);
    expect(loaded.code).toBe(0);
  });
  afterAll(() => term.close());

  /** Types `line`, presses Tab `tabs` times, returns the screen once `expected` shows, then clears the line. */
  async function tab(line: string, tabs: number, expected: RegExp): Promise<string> {
    term.clear();
    term.type(line, false);
    for (let i = 0; i < tabs; i++) term.key('Tab');
    const screen = await term.waitFor(expected);
    term.key('C-u');
    return screen;
  }

  it('infra serverless get <Tab><Tab> lists the containers of the project', async () => {
    const screen = await tab('infra serverless get ', 2, /\bworker\b/);
    for (const name of ['web', 'api', 'worker', 'edge', 'batch', 'cron']) expect(screen).toMatch(new RegExp(`\\b${name}\\b`));
    expect(screen).not.toMatch(/error|hint:/);
  });

  it('a unique name is completed in place', async () => {
    await tab('infra serverless logs wo', 1, /^\$ infra serverless logs worker $/m);
  });

  it('--project <Tab><Tab> lists the projects the token sees', async () => {
    const screen = await tab('infra vps list --project ', 2, /\bstaging\b/);
    expect(screen).toMatch(/\bmain\b/);
  });
});
