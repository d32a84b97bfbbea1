// --columns and --no-headers on a real terminal (tmux): the table shows the columns named, in
// that order, fitted as any table is; --no-headers leaves out the header line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simEnv, useSimulator, type Simulator } from '../helpers/sim.js';
import { hasTmux, Tmux } from './tmux.js';

let sim: Simulator;
useSimulator((s) => (sim = s), { reset: false });

describe.runIf(hasTmux || !!process.env.CI)('--columns on a terminal', () => {
  let term: Tmux;
  beforeAll(() => {
    term = new Tmux(simEnv(sim));
  });
  afterAll(() => term.close());

  it('the columns named, padded and in order, with their header', async () => {
    term.clear();
    const r = await term.run('infra serverless list --columns health,NAME');
    expect(r.code, r.screen).toBe(0);
    expect(r.screen).toMatch(/^HEALTH +NAME$/m);
    expect(r.screen).toMatch(/^healthy +web$/m);
    expect(r.screen).not.toMatch(/SUMMARY|^ID/m);
  });

  it('--no-headers: the rows only', async () => {
    term.clear();
    const r = await term.run('infra serverless list --columns name,summary --no-headers');
    expect(r.code, r.screen).toBe(0);
    expect(r.screen).toMatch(/^web +ready$/m);
    expect(r.screen).toMatch(/^api +degraded$/m);
    expect(r.screen).not.toMatch(/NAME|SUMMARY/);
  });
});
