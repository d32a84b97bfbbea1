// `infra status --watch` on a real terminal (tmux) of 80 columns: the board fits the width and
// the height, is redrawn in place (one board on the screen, none left in the scrollback), shows
// a change between two boards, and Ctrl-C ends it with 130 and the cursor shown again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBody, ok, SEED_IDS, simApi, simEnv, useSimulator, type Simulator } from '../helpers/sim.js';
import { hasTmux, Tmux } from './tmux.js';

let sim: Simulator;
useSimulator((s) => (sim = s));

const boards = () => sim.requests.filter((q) => q.path === '/api/v1/serverless').length;

async function until(cond: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`not in time: ${what}`);
    await new Promise((r) => setTimeout(r, 40));
  }
}

describe.runIf(hasTmux || !!process.env.CI)('infra status --watch on a terminal', () => {
  let term: Tmux;
  beforeAll(() => {
    term = new Tmux(simEnv(sim));
    term.resize(80, 24);
  });
  afterAll(() => term.close());

  it('fits 80 columns, redraws in place, shows a change, and Ctrl-C exits 130 with the cursor back', async () => {
    term.clear();
    const marker = '__status_exit';
    term.type(`infra status --watch --interval 1s; echo "${marker}=$?"`);
    await term.waitFor(/^UNHEALTHY: \d+ resources/m);
    expect(term.cursorVisible()).toBe(false);
    // A deploy starts between two boards: the next one shows web as changing.
    await ok(await simApi(sim).send('PUT', `/api/v1/serverless/${SEED_IDS.web}`, createBody('web', '9.9.9', { min_scale: 1 }), { team: SEED_IDS.teams.main }));
    const seen = boards();
    await until(() => boards() >= seen + 2, 'two more boards');
    const screen = await term.waitFor(/^changing +containers +web /m);
    // Redrawn in place: one board on the screen and in the scrollback, every line within 80 columns and the frame within 24 rows.
    expect(screen.match(/^UNHEALTHY: /gm), screen).toHaveLength(1);
    const lines = term.visible().split('\n');
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(80);
    expect(lines.filter((l) => l.trim()).length).toBeLessThanOrEqual(24);
    expect(screen).toMatch(/^\.\.\. \d+ more/m);
    term.key('C-c');
    const end = await term.waitFor(new RegExp(`${marker}=\\d+`));
    expect(end).toMatch(new RegExp(`${marker}=130$`, 'm'));
    expect(term.cursorVisible()).toBe(true);
  });
});
