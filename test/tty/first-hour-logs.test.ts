// Issue 22: `logs --level error` showed `info` lines (the API matches the level word in the
// text), so the LEVEL column contradicted the filter. Through bin/infra on a terminal: only
// lines at or above the level are shown, and stderr says how many were hidden.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simEnv, useSimulator, type Simulator } from '../helpers/sim.js';
import { hasTmux, Tmux } from './tmux.js';

let sim: Simulator;
useSimulator((s) => (sim = s), { reset: false });

describe.runIf(hasTmux || !!process.env.CI)('logs --level on a terminal', () => {
  let term: Tmux;
  beforeAll(() => {
    term = new Tmux(simEnv(sim));
  });
  afterAll(() => term.close());

  it.each(['error', 'warn'])('--level %s: every line shown is at or above it; the hidden ones are counted on stderr', async (level) => {
    term.clear();
    // stdout to a file (read whole, whatever the screen scrolled), stderr on the terminal.
    const out = join(term.dir, `logs-${level}.txt`);
    const r = await term.run(`infra serverless logs web --since 2h --level ${level} --no-color > ${out}`, 20_000);
    expect(r.code).toBe(0);
    const levels = [...readFileSync(out, 'utf8').matchAll(/^\d{4}-\S+Z {2}\S+ +(\w+) /gm)].map((m) => m[1]);
    expect(levels.length, r.screen).toBeGreaterThan(0);
    const allowed = level === 'error' ? ['error'] : ['warn', 'error'];
    expect(
      levels.filter((l) => !allowed.includes(l!)),
      r.screen,
    ).toEqual([]);
    if (level === 'error') expect(r.screen).toMatch(new RegExp(`^\\d+ lines matching "error" in their text but logged at a lower level hidden \\(--level error shows error and above\\)$`, 'm'));
  });
});
