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
