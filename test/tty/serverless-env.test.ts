// A container's environment on a real terminal (tmux): values masked unless --show-secrets, and
// `export` (which writes them in clear) asks for --show-secrets before printing on the screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_IDS, simApi, simEnv, useSimulator, type Simulator } from '../helpers/sim.js';
import { hasTmux, Tmux } from './tmux.js';

let sim: Simulator;
useSimulator((s) => (sim = s), { reset: false });

describe.runIf(hasTmux || !!process.env.CI)('serverless env on a terminal', () => {
  let term: Tmux;
  beforeAll(async () => {
    const res = await simApi(sim).send('PUT', `/api/v1/serverless/${SEED_IDS.web}`, { environment_variables: { LOG_LEVEL: 'info', API_KEY: 'sk_live_visible_here' } });
    expect(res.status).toBe(200);
    term = new Tmux(simEnv(sim));
    term.resize(100, 40);
  });
  afterAll(() => term.close());

  it('list masks every value; --show-secrets shows them', async () => {
    term.clear();
    const masked = await term.run('infra serverless env list web');
    expect(masked.code, masked.screen).toBe(0);
    expect(masked.screen).toMatch(/^API_KEY +\*{8}$/m);
    expect(masked.screen).not.toContain('sk_live');
    term.clear();
    const shown = await term.run('infra serverless env list web --show-secrets');
    expect(shown.screen).toMatch(/^API_KEY +sk_live_visible_here$/m);
  });

  it('export to the screen is refused without --show-secrets (exit 2), and nothing is shown', async () => {
    term.clear();
    const r = await term.run('infra serverless env export web');
    expect(r.code).toBe(2);
    expect(r.screen).toContain('error: export writes the values in clear, and standard output is a terminal');
    expect(r.screen).not.toContain('sk_live');
  });
});
