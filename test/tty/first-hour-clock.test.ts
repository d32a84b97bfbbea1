// Issue 22: relative times on the server's clock, through bin/infra on a real terminal. The
// simulator's clock is 20 minutes ahead of this machine's (a skewed laptop, or `--speed 20`
// after a minute): `logs --since 1m` shows the server's last minute, not 21 minutes stamped
// "in the future", and a deploy seconds old on the server reads "Ns ago", not "just now".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simApi, simEnv, startSim, type Simulator } from '../helpers/sim.js';
import { hasTmux, Tmux } from './tmux.js';

const AHEAD_MS = 20 * 60_000;
let sim: Simulator;
let term: Tmux;

describe.runIf(hasTmux || !!process.env.CI)('times on the server clock (a server 20 minutes ahead)', () => {
  beforeAll(async () => {
    sim = await startSim({ now: new Date(Date.now() + AHEAD_MS), speed: 1 });
    term = new Tmux(simEnv(sim));
  });
  afterAll(async () => {
    term?.close();
    await sim?.close();
  });

  it("logs --since 1m prints the server's last minute only", async () => {
    term.clear();
    const r = await term.run('infra serverless logs web --since 1m --no-color');
    expect(r.code, r.screen).toBe(0);
    const stamps = [...r.screen.matchAll(/^(\d{4}-\d\d-\d\dT[\d:.]+Z)  /gm)].map((m) => Date.parse(m[1]!));
    expect(stamps.length, r.screen).toBeGreaterThan(0);
    const serverNow = sim.world.now();
    for (const t of stamps) {
      expect(t, r.screen).toBeGreaterThanOrEqual(serverNow - 75_000);
      expect(t, r.screen).toBeLessThanOrEqual(serverNow + 1_000);
    }
  });

  it('a deploy seconds old on the server is "Ns ago", not "just now"', async () => {
    const api = simApi(sim);
    const res = await api.send(
      'PUT',
      `/api/v1/serverless/${((await (await api.get('/api/v1/serverless?per_page=50')).json()) as { data: { id: string; name: string }[] }).data.find((c) => c.name === 'web')!.id}`,
      { image: 'registry.sim.local/acme/web', image_tag: 'v2' },
    );
    expect(res.status).toBe(200);
    api.advance(30); // queued 2 s + rolled out 10 s: deployed about 18 s ago on the server's clock
    term.clear();
    const r = await term.run('infra serverless deployments web');
    expect(r.code, r.screen).toBe(0);
    const top = r.screen.split('\n').find((l) => /^\s*4\s/.test(l)) ?? '';
    // On a terminal the age leads the cell (the timestamp after it is what a narrow one cuts).
    expect(top, r.screen).toMatch(/\s\d+s ago\b/);
    expect(top).not.toContain('just now');
  });
});
