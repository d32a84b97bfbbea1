// Issue 22: `serverless list` at 80 columns wrapped every row (the id column alone is 38).
// Through bin/infra on a terminal: it fits (short unique ids, columns left out and said),
// --wide shows everything, piped output keeps every field in full.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_IDS, simEnv, useSimulator, type Simulator } from '../helpers/sim.js';
import { hasTmux, Tmux } from './tmux.js';

let sim: Simulator;
useSimulator((s) => (sim = s), { reset: false });

describe.runIf(hasTmux || !!process.env.CI)('serverless list fits the terminal', () => {
  let term: Tmux;
  beforeAll(() => {
    term = new Tmux(simEnv(sim));
    term.resize(80, 30);
  });
  afterAll(() => term.close());

  it('at 80 columns: every line fits, ids are their first 8 characters, left-out columns are said', async () => {
    term.clear();
    const r = await term.run('infra serverless list');
    expect(r.code).toBe(0);
    const rows = r.screen.split('\n').filter((l) => /^(ID|[0-9a-f]{8})\s/.test(l));
    expect(rows.length, r.screen).toBeGreaterThan(5);
    for (const l of rows) expect(l.length, l).toBeLessThanOrEqual(80);
    expect(r.screen).toContain(`${SEED_IDS.web.slice(0, 8)}  web`);
    expect(r.screen).not.toContain(SEED_IDS.web);
    expect(r.screen).toMatch(/^hint: .* left out to fit 80 columns; --wide shows every column, --json everything$/m);
  });

  it('--wide shows whole ids; piped keeps every field in full (TSV)', async () => {
    term.clear();
    const wide = await term.run('infra serverless list --wide');
    expect(wide.code).toBe(0);
    expect(wide.screen).toContain(SEED_IDS.web);
    term.clear();
    const piped = await term.run('infra serverless list | grep -c "^[0-9a-f-]\\{36\\}\t"');
    expect(piped.screen).toMatch(/^[1-9]\d*$/m);
  });
});
