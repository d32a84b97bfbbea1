// Every prompt in a real pseudo-terminal: Ctrl-C is an interrupt (130), Ctrl-D (end of input)
// is "aborted" (exit 1); either way nothing is sent. With CI set nothing is asked even on a
// terminal: the command refuses with exit 2 before any request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simEnv, useSimulator, type Simulator } from '../helpers/sim.js';
import { hasTmux, Tmux } from './tmux.js';

let sim: Simulator;
useSimulator((s) => (sim = s));

interface Prompt {
  name: string;
  line: string;
  asks: RegExp;
  /** Env for the terminal: auth login starts without a token. */
  env: (sim: Simulator) => Record<string, string>;
}

const PROMPTS: Prompt[] = [
  { name: 'serverless delete', line: 'infra serverless delete cron', asks: /Type its name to confirm: $/m, env: simEnv },
  { name: 'vps delete', line: 'infra vps delete vps-02', asks: /Type its name to confirm: $/m, env: simEnv },
  { name: 'auth login', line: 'infra auth login', asks: /Paste your API token: $/m, env: (s) => ({ INFRA_API_URL: s.url }) },
  { name: 'snapshots restore', line: 'infra snapshots restore vps 11', asks: /Type the name of the resource \(vps-01\) to confirm: $/m, env: simEnv },
];

/** Requests that would change something, or (for login) any request at all. */
function sent(sim: Simulator): string[] {
  return sim.requests.filter((r) => r.method !== 'GET' || r.path === '/api/v1/user').map((r) => `${r.method} ${r.path}`);
}

describe.runIf(hasTmux || !!process.env.CI)('prompts on a terminal', () => {
  describe.each(PROMPTS)('$name', (prompt) => {
    let term: Tmux;
    beforeAll(() => {
      term = new Tmux(prompt.env(sim));
    });
    afterAll(() => term.close());

    it.each([
      ['C-d', 1, /error: aborted/],
      ['C-c', 130, /error: interrupted/],
    ])('%s at the prompt: exit %i, nothing sent', async (key, code, message) => {
      term.clear();
      sim.requests.length = 0;
      term.type(`${prompt.line}; echo "status=$?"`);
      await term.waitFor(prompt.asks);
      term.key(key);
      const screen = await term.waitFor(/^status=\d+/m);
      expect(Number(/^status=(\d+)/m.exec(screen)![1])).toBe(code);
      expect(screen).toMatch(message);
      expect(sent(sim)).toEqual([]);
    });

    it('with CI set: no prompt, exit 2, nothing sent', async () => {
      term.clear();
      sim.requests.length = 0;
      const r = await term.run(`CI=1 ${prompt.line}`);
      expect(r.code).toBe(2);
      expect(r.screen).not.toMatch(prompt.asks);
      expect(r.screen).toMatch(/CI is set/);
      expect(sent(sim)).toEqual([]);
    });
  });
});

/**
 * The other confirmations: all ask through confirm.ts and the one prompter (src/cli/prompt.ts is
 * the only reader of a terminal), so one command per way of reaching it is tried here: the
 * generic delete, a destructive action, a replica, a revoked key, a regenerated secret, a
 * domain, a recovery point.
 */
const CONFIRMATIONS = [
  'database delete orders-pg',
  'vps reinstall vps-02 --image debian-12',
  'database replicas remove orders-pg 1',
  'storage keys delete ci-deploy',
  'webhooks regenerate-secret',
  'static-sites domains remove docs help.acme.test',
  'snapshots delete vps 12',
];

describe.runIf(hasTmux || !!process.env.CI)('the other confirmations on a terminal', () => {
  let term: Tmux;
  beforeAll(() => {
    term = new Tmux(simEnv(sim));
  });
  afterAll(() => term.close());

  // Sequential on purpose: the simulator shares this worker, and tmux is driven synchronously.
  it.each(CONFIRMATIONS)('infra %s: C-d exits 1, C-c exits 130, nothing sent', async (cmd) => {
    sim.requests.length = 0;
    for (const [key, code, message] of [
      ['C-d', 1, /error: aborted/],
      ['C-c', 130, /error: interrupted/],
    ] as const) {
      term.clear();
      term.type(`infra ${cmd}; echo "status=$?"`);
      await term.waitFor(/to confirm: $/m);
      term.key(key);
      const screen = await term.waitFor(/^status=\d+/m);
      expect(Number(/^status=(\d+)/m.exec(screen)![1])).toBe(code);
      expect(screen).toMatch(message);
    }
    expect(sent(sim)).toEqual([]);
  });
});

describe.runIf(hasTmux || !!process.env.CI)('snapshots restore of a point that cannot be restored in place', () => {
  let term: Tmux;
  beforeAll(() => {
    term = new Tmux(simEnv(sim));
  });
  afterAll(() => term.close());

  it('is refused before the review and the question: exit 1, the reason, nothing sent', async () => {
    sim.requests.length = 0;
    const r = await term.run('infra snapshots restore database 33');
    expect(r.code).toBe(1);
    expect(r.screen).toMatch(/error: refusing to restore point 33 in place: PostgreSQL cannot be restored in place/);
    expect(r.screen).not.toMatch(/to confirm:|Replace-existing restore/);
    expect(sent(sim)).toEqual([]);
  });
});

describe.runIf(hasTmux || !!process.env.CI)('the snapshot table on a terminal of 80 columns', () => {
  let term: Tmux;
  beforeAll(() => {
    term = new Tmux(simEnv(sim));
    term.resize(80, 60);
  });
  afterAll(() => term.close());

  it.each(['vps', 'cache', 'database'])('%s: no line wider than 80 (nothing wraps, so no word is split); reasons as numbered notes', async (product) => {
    term.clear();
    const r = await term.run(`infra snapshots list ${product}`);
    expect(r.code).toBe(0);
    // capture-pane -J joins the rows a wrapped line takes: a wrap would show as a longer line.
    const lines = r.screen.split('\n');
    for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(80);
    expect(r.screen).toMatch(/^ID +NAME +RESOURCE +STATE +CREATED +ACTIONS$/m);
    const notes = lines.filter((l) => /^\[\d\] |^ {4}\S/.test(l));
    expect(notes.length).toBeGreaterThan(0);
    // The notes read as the API's reasons, word for word.
    const text = notes.join(' ').replace(/\s+/g, ' ');
    const reasons: Record<string, string> = {
      vps: '[1] restore, restore_to_new unavailable: the recovery point is still being created; it can be restored once it is available',
      cache: '[1] restore unavailable: replace-existing restore is unavailable for operator-managed dragonfly until validated',
      database: '[2] restore unavailable: PostgreSQL cannot be restored in place; restore to a new database instead',
    };
    expect(text).toContain(reasons[product]);
    expect(r.screen).toMatch(/^hint: PROTECTION, ORIGIN, SIZE left out to fit 80 columns; --wide shows them$/m);
  });

  it('piped: one tab-separated row per point with every field in full (for cut and awk)', async () => {
    term.clear();
    const r = await term.run(`infra snapshots list vps | awk -F'\\t' '/still being created/ { print "fields=" NF ": " $NF }'`);
    expect(r.code).toBe(0);
    expect(r.screen).toContain(
      'fields=9: delete; restore: unavailable (the recovery point is still being created; it can be restored once it is available); restore_to_new: unavailable (the recovery point is still being created; it can be restored once it is available)',
    );
  });
});
