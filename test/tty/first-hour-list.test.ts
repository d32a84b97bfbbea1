// Issue 22: at 80 columns `serverless list` wrapped every row (the id column alone is 38), and
// so did nearly every other list. Through bin/infra on a real terminal (tmux): every list fits
// (short unique ids, free text cut, low-priority columns left out and said in one note), the
// short id pasted back is a reference, --wide shows everything, piped output keeps every field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_IDS, simEnv, useSimulator, type Simulator } from '../helpers/sim.js';
import { hasTmux, Tmux } from './tmux.js';

let sim: Simulator;
useSimulator((s) => (sim = s), { reset: false });

/** Lines of the screen longer than `width` columns (capture-pane -J joins what a wrap split). */
const over = (screen: string, width: number) => screen.split('\n').filter((l) => [...l].length > width);

// Each wrapped at 80 columns before (`serverless list` by one column of its id, the rest by
// 9 to 106): the header they start with now, and the note, where columns are left out.
const LISTS: [string, RegExp, RegExp | undefined][] = [
  ['infra serverless list', /^ID +NAME +SUMMARY +HEALTH +OPERATION +GENERATION +OBSERVED$/m, /^hint: TERMINAL left out to fit 80 columns; --wide shows them$/m],
  ['infra vps list', /^ID +NAME +STATUS +DATACENTER +PROFILE +PUBLIC IP$/m, undefined],
  ['infra database list', /^ID +NAME +ENGINE +VERSION +STATUS +ENDPOINT +DNS$/m, undefined],
  ['infra storage keys list', /^ID +NAME +ACCESS KEY +STATUS +SCOPE +EXPIRES +LAST USED$/m, undefined],
  ['infra static-sites list', /^ID +NAME +STATUS +URL +DEPLOYMENTS +DEPLOYED$/m, /^hint: PLAN left out to fit 80 columns; --wide shows them$/m],
  ['infra alerts resource rules list', /^ID +NAME +RESOURCE +CONDITION +SEVERITY +STATE$/m, /^hint: LAST VALUE left out to fit 80 columns; --wide shows them$/m],
  ['infra registry repos list', /^PATH +TAGS +SIZE +KEEP +LAST PUSH$/m, /^hint: ID left out to fit 80 columns; --wide shows them$/m],
  ['infra webhooks deliveries', /^ID +EVENT +OUTCOME +STATUS +ATTEMPTS +ERROR$/m, /^hint: CREATED left out to fit 80 columns; --wide shows them$/m],
];

describe.runIf(hasTmux || !!process.env.CI)('lists fit the terminal', () => {
  let term: Tmux;
  beforeAll(() => {
    term = new Tmux(simEnv(sim));
    term.resize(80, 60);
  });
  afterAll(() => term.close());

  it.each(LISTS)('%s at 80 columns: no line is wider, the left-out columns are said', async (line, header, note) => {
    term.clear();
    const r = await term.run(line);
    expect(r.code, r.screen).toBe(0);
    expect(over(r.screen, 80), r.screen).toEqual([]);
    expect(r.screen).toMatch(header);
    if (note) expect(r.screen).toMatch(note);
    else expect(r.screen).not.toMatch(/left out to fit/);
  });

  it('ids are their first 8 characters, and pasted back they are the resource', async () => {
    term.clear();
    const list = await term.run('infra serverless list');
    expect(list.screen).toContain(`${SEED_IDS.web.slice(0, 8)}  web`);
    expect(list.screen).not.toContain(SEED_IDS.web);
    term.clear();
    const get = await term.run(`infra vps get ${SEED_IDS.vps[0]!.slice(0, 8)}`);
    expect(get.code, get.screen).toBe(0);
    expect(get.screen).toMatch(/vps-01/);
  });

  it('--wide shows whole ids and every column; piped keeps every field in full (TSV)', async () => {
    term.clear();
    const wide = await term.run('infra serverless list --wide');
    expect(wide.code).toBe(0);
    expect(wide.screen).toContain(SEED_IDS.web);
    term.clear();
    const sites = await term.run('infra static-sites list --wide');
    expect(sites.screen).toMatch(/^ID +NAME +STATUS +URL +PLAN +DEPLOYMENTS +DEPLOYED$/m);
    expect(sites.screen).not.toMatch(/left out/);
    term.clear();
    const piped = await term.run('infra static-sites list | head -2 | cat -A');
    expect(piped.screen).toContain('ID^INAME^ISTATUS^IURL^IPLAN^IDEPLOYMENTS^IDEPLOYED$');
    expect(piped.screen).toContain(`${SEED_IDS.sites.docs}^Idocs^I`);
    term.clear();
    const rows = await term.run('infra serverless list | grep -c "^[0-9a-f-]\\{36\\}\t"');
    expect(rows.screen).toMatch(/^[1-9]\d*$/m);
  });
});
