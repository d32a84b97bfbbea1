// `serverless runs list` at 80 columns kept 36-character ids and left DURATION out; ids now
// shorten as in every other table, and the short id is accepted back (it was refused).
// Through bin/infra on a real terminal (tmux), on a frozen simulator moved by the test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.js';
import { body, SEED_IDS, simApi, simEnv, useSimulator, type Simulator } from '../helpers/sim.js';
import { hasTmux, Tmux } from './tmux.js';

let sim: Simulator;
useSimulator((s) => (sim = s), { reset: false });

const runsPath = `/api/v1/serverless/${SEED_IDS.web}/runs`;
const ids: string[] = [];

describe.runIf(hasTmux || !!process.env.CI)('runs: short ids shown and accepted', () => {
  let term: Tmux;
  beforeAll(async () => {
    for (const command of [
      ['sh', '-c', 'bin/migrate --all-tenants --verbose'],
      ['echo', 'hi'],
    ]) {
      ids.push((await body<{ data: { id: string } }>(await simApi(sim).send('POST', runsPath, { command }, { record: false }))).data.id);
      simApi(sim).advance(600);
    }
    term = new Tmux(simEnv(sim));
    term.resize(80, 40);
  });
  afterAll(() => term.close());

  it('runs list at 80 columns: short ids, DURATION kept, nothing wider', async () => {
    term.clear();
    const r = await term.run('infra serverless runs list web');
    expect(r.code, r.screen).toBe(0);
    expect(r.screen).toMatch(/^ID +STATUS +EXIT +COMMAND +CREATED +DURATION$/m);
    for (const id of ids) {
      expect(r.screen).not.toContain(id);
      expect(r.screen).toMatch(new RegExp(`^${id.slice(0, 8)}\\S* `, 'm'));
    }
    expect(r.screen.split('\n').filter((l) => l.length > 80)).toEqual([]);
  });

  it.each(['show', 'logs'])('runs %s takes the 8-character prefix', async (verb) => {
    const r = await spawnCli(['serverless', 'runs', verb, 'web', ids[0]!.slice(0, 8)], { env: simEnv(sim) });
    expect(r.code, r.stderr).toBe(0);
    if (verb === 'show') expect(r.stdout).toContain(ids[0]);
    expect(sim.requests.some((q) => q.path.endsWith(`/runs/${ids[0]}${verb === 'logs' ? '/logs' : ''}`))).toBe(true);
  });
});
