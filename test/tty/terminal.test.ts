// The terminal experience in a real pseudo-terminal (tmux): colour on a TTY only, prompts
// without echo, confirmations, and Ctrl-C during a rollout wait.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_IDS, simEnv, useSimulator, type Simulator } from '../helpers/sim.js';
import { hasTmux, Tmux } from './tmux.js';

const ESC = '\u001b[';
let sim: Simulator;

// Real time (speed 1): the rollout wait must last long enough to interrupt it.
useSimulator((s) => (sim = s), { speed: 1, reset: false });

describe.runIf(hasTmux || !!process.env.CI)('on a terminal', () => {
  let term: Tmux;
  beforeAll(() => {
    term = new Tmux(simEnv(sim));
  });
  afterAll(() => term.close());

  it('colours tables on a TTY and prints plain TSV when piped', async () => {
    term.clear();
    const tty = await term.run('infra vps list');
    expect(tty.code).toBe(0);
    const coloured = term.screen(true);
    expect(coloured).toContain(ESC);
    expect(tty.screen).not.toMatch(/\t/);

    term.clear();
    const piped = await term.run('infra vps list | cat -A | head -3');
    expect(piped.code).toBe(0);
    // cat -A shows ESC as ^[ and tabs as ^I: separators yes, escapes no.
    expect(piped.screen).toContain('^I');
    expect(piped.screen).not.toContain('^[');
  });

  it('serverless delete asks for the name on a TTY; a wrong answer deletes nothing', async () => {
    term.clear();
    sim.requests.length = 0;
    term.type('infra serverless delete cron');
    await term.waitFor(/Type its name to confirm: $/m);
    term.type('cronn');
    await term.waitFor(/not done: "cronn" is not cron; nothing was sent/);
    expect(sim.requests.filter((r) => r.method === 'DELETE')).toEqual([]);

    term.clear();
    term.type('infra serverless delete cron');
    await term.waitFor(/Type its name to confirm: $/m);
    term.type('cron');
    // The name was resolved to the container's UUID: that is what the DELETE names.
    await term.waitFor(new RegExp(`deleted cron \\(id ${SEED_IDS.cron}\\)`));
    expect(sim.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`/api/v1/serverless/${SEED_IDS.cron}`]);
  });

  it('snapshots restore shows the review and asks for the typed resource name', async () => {
    term.clear();
    sim.requests.length = 0;
    term.type(`infra snapshots restore vps ${SEED_IDS.snapshots.vps.daily}`);
    const review = await term.waitFor(/Type the name of the resource.*to confirm: $/m);
    expect(review).toContain('vps-01');
    term.type('vps-01');
    await term.waitFor(/\$ $/m);
    const posts = sim.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/restore'));
    expect(posts.map((p) => p.path)).toEqual([`/api/v1/snapshots/vps/${SEED_IDS.snapshots.vps.daily}/restore`]);
    expect(posts[0]!.body).toMatchObject({ confirm_name: 'vps-01', safety_point: true });
    expect(posts[0]!.headers['idempotency-key']).toBeTruthy();
  });

  it('Ctrl-C during serverless update --wait shows the spinner, then the resume hint, exit 130', async () => {
    term.clear();
    term.type('infra serverless update web --image registry.example.com/web:v9 --wait');
    // ora's dots spinner in front of the phase line (queued, then rolling out).
    await term.waitFor(/^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] .*generation \d+/m, { timeoutMs: 15_000 });
    term.key('C-c');
    const after = await term.waitFor(new RegExp(`hint: resume waiting with: infra serverless wait web --generation \\d+`));
    expect(after).toMatch(/error: interrupted while waiting for generation \d+ of web; the rollout goes on server-side/);
    await term.waitFor(/^\$ $/m);
    term.type('echo "status=$?"');
    const shown = await term.waitFor(/^status=\d+/m);
    expect(/^status=(\d+)/m.exec(shown)![1]).toBe('130');
  });
});

describe.runIf(hasTmux || !!process.env.CI)('auth login on a terminal', () => {
  let term: Tmux;
  beforeAll(() => {
    term = new Tmux({ INFRA_API_URL: sim.url });
  });
  afterAll(() => term.close());

  it('prompts without echo: the typed token never appears on the screen', async () => {
    const token = sim.tokens.admin;
    term.type('infra auth login');
    await term.waitFor(/Paste your API token: $/m);
    term.type(token);
    const screen = await term.waitFor(/logged in to/);
    expect(screen).not.toContain(token);
    await term.waitFor(/^\$ $/m);
    expect(term.screen()).not.toContain(token);
    const stored = readFileSync(join(term.dir, 'config', 'config.json'), 'utf8');
    expect(stored).toContain(token);
  });
});
