// A hostile API (test/hostile/hostile-proxy.ts) against a real terminal (tmux): the server's
// title change, screen clear and OSC 8 link arrive as visible text, so the pane keeps its
// title and its lines; our own colours still reach the screen, and a cell cut to fit a narrow
// terminal leaves no colour running into the lines after it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_IDS, useSimulator, type Simulator } from '../helpers/sim.js';
import { startHostileApi, type HostileApi } from '../hostile/hostile-proxy.js';
import { hasTmux, Tmux } from './tmux.js';

let sim: Simulator;
useSimulator((s) => (sim = s), { reset: false });

describe.runIf(hasTmux || !!process.env.CI)('hostile server text on a terminal', () => {
  let api: HostileApi;
  let term: Tmux;
  beforeAll(async () => {
    api = await startHostileApi(sim.url);
    term = new Tmux({ INFRA_API_URL: api.url, INFRA_TOKEN: sim.tokens.admin });
  });
  afterAll(async () => {
    term.close();
    await api.close();
  });

  it('the pane keeps its title and its lines; the attack is shown as text', async () => {
    // Tall enough that the line above the output is still on the screen after it.
    term.resize(100, 60);
    term.clear();
    await term.run('echo KEEP-THIS-LINE');
    const title = term.title();
    const r = await term.run(`infra serverless get ${SEED_IDS.web}`);
    expect(r.code, r.screen).toBe(0);
    expect(term.title()).toBe(title);
    expect(term.title()).not.toContain('PWNED');
    const screen = term.visible();
    expect(screen).toContain('KEEP-THIS-LINE');
    expect(screen).toContain('web^[]0;PWNED^G^[[2J');
  });

  it("a prompt naming the server's name shows it visibly; a wrong answer deletes nothing", async () => {
    term.resize(100, 40);
    term.clear();
    const title = term.title();
    sim.requests.length = 0;
    term.type(`infra serverless delete ${SEED_IDS.cron}`);
    const screen = await term.waitFor(/Type its name to confirm: $/m);
    expect(screen).toContain('cron^[]0;PWNED^G^[[2J');
    expect(term.title()).toBe(title);
    term.type('cron');
    await term.waitFor(/nothing was sent/);
    expect(sim.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
    expect(term.title()).toBe(title);
  });

  it('colours stay ours, and a cut cell leaves no escape open', async () => {
    term.resize(80, 40);
    term.clear();
    const r = await term.run('infra serverless list');
    expect(r.code, r.screen).toBe(0);
    const coloured = term.screen(true);
    // The header is bold and the states coloured: our escapes reach the terminal.
    expect(coloured).toMatch(/\u001b\[[0-9;]*1[;m]/);
    expect(coloured).toMatch(/\u001b\[[0-9;]*3[1-3][;m]/);
    // The names, cut with "…", carried the attack: it shows as text, and the lines after the
    // table (the exit marker, the prompt) have no colour left on.
    expect(r.screen).toMatch(/^[0-9a-f]{8} +web\^\[\]0… +ready/m);
    const after = coloured.split('\n').filter((l) => /__exit_|^\$ /.test(l));
    expect(after.length).toBeGreaterThan(0);
    for (const line of after) expect(line).not.toMatch(/\u001b\[[0-9;]*[1-9][0-9;]*m/);
    expect(term.title()).not.toContain('PWNED');
  });
});
