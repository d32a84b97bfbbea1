// Issue 22, "the simulator misleads people exploring by hand", through bin/infra on a real
// terminal (tmux): `infra sim` started by a person runs at the real clock's pace (the README
// suggested --speed 20, which aged every deploy twenty times too fast), and an image tag the
// simulated registry does not hold fails as it would on the service, instead of rolling out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REG, apiRequests, simEnv, useSimulator, type Simulator } from '../helpers/sim.js';
import { hasTmux, Tmux } from './tmux.js';

let sim: Simulator;
useSimulator((s) => (sim = s));

describe.runIf(hasTmux || !!process.env.CI)('an honest simulator for people', () => {
  let term: Tmux;
  beforeAll(() => {
    term = new Tmux(simEnv(sim));
  });
  afterAll(() => term.close());

  it('`infra sim` on a terminal keeps the real clock (speed 1x) and stops on Ctrl-C with 130', async () => {
    term.clear();
    const marker = '__sim_exit';
    term.type(`infra sim --port 0; echo "${marker}=$?"`);
    const banner = await term.waitFor(/Press Ctrl-C to stop\./, { timeoutMs: 15_000 });
    expect(banner).toMatch(/^Infrastructure API simulator listening on http:\/\/127\.0\.0\.1:\d+ \(clock speed 1x\)$/m);
    expect(banner).toMatch(/^Registry: registry\.sim\.local\/acme holds the seeded tags and whatever is pushed or built; any other tag does not exist/m);
    term.key('C-c');
    // The shell echoes ^C on the line the marker is printed on.
    const screen = await term.waitFor(new RegExp(`${marker}=\\d+`), { timeoutMs: 15_000 });
    expect(screen).toMatch(new RegExp(`${marker}=130$`, 'm'));
  });

  it('a typo in a tag: preflight says it does not exist, and --preflight changes nothing', async () => {
    term.clear();
    const typo = `${REG}/web:1.3.0-typo`;
    const check = await term.run(`infra serverless preflight --image ${typo}`, 15_000);
    expect(check.code, check.screen).toBe(1);
    expect(check.screen).toMatch(/^Exists: +no$/m);
    expect(check.screen).toMatch(/^error: .*1\.3\.0-typo does not exist in the registry/m);

    const seeded = await term.run(`infra serverless preflight --image ${REG}/web:1.3.0`, 15_000);
    expect(seeded.code, seeded.screen).toBe(0);
    expect(seeded.screen).toMatch(/^Exists: +yes$/m);

    term.clear();
    const update = await term.run(`infra serverless update web --image ${typo} --preflight --wait`, 15_000);
    expect(update.code, update.screen).toBe(1);
    expect(update.screen).not.toMatch(/^updated web/m);
    expect(sim.requests.filter((r) => r.method === 'PUT')).toEqual([]);
    expect(apiRequests(sim, '/registry/preflight').length).toBeGreaterThan(0);
  });
});
