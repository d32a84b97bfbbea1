// Issue 22, "every error has a way out", through bin/infra on a real terminal (tmux): each
// dead end names the next command, with the reference the user typed, and a hint is broken
// between words to the terminal's width, never in the middle of a command.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simEnv, useSimulator, type Simulator } from '../helpers/sim.js';
import { hasTmux, Tmux } from './tmux.js';

let sim: Simulator;

/** The hint as one line: its first line and the indented ones under it (a wrapped hint). */
function hintOf(screen: string): string {
  const lines = screen.split('\n');
  const at = lines.findIndex((l) => l.startsWith('hint: '));
  if (at < 0) return '';
  const out = [lines[at]!];
  for (let i = at + 1; i < lines.length && /^ {6}\S/.test(lines[i]!); i++) out.push(lines[i]!.trim());
  return out.join(' ');
}
// Frozen: `batch` stays mid-rollout, as seeded.
useSimulator((s) => (sim = s), { reset: false });

describe.runIf(hasTmux || !!process.env.CI)('every error has a way out', () => {
  let term: Tmux;
  beforeAll(() => {
    term = new Tmux(simEnv(sim));
  });
  afterAll(() => term.close());

  it('redeploy while a deployment runs: points to serverless wait with the name typed', async () => {
    term.clear();
    const r = await term.run('infra serverless redeploy batch');
    expect(r.code).toBe(1);
    expect(r.screen).toMatch(/^error: refused by the API: /m);
    expect(hintOf(r.screen)).toMatch(/^hint: wait for the deployment in progress \(a rollout is running, generation \d+\) with 'infra serverless wait batch', then redeploy;/m);
    expect(r.screen).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  it('a name that does not exist: where it looked, a near name, the list command; no made-up 404', async () => {
    term.clear();
    const r = await term.run('infra serverless get webb');
    expect(r.code).toBe(5);
    expect(r.screen).toMatch(/^error: no container with the id, name or slug "webb" in this project \(looked among the \d+ containers of GET \/api\/v1\/serverless\)$/m);
    expect(r.screen).toMatch(/^hint: did you mean web\? 'infra serverless list' shows them$/m);
    expect(r.screen).not.toContain('404 on');
  });

  it('a name already taken on create: suggests update and apply for that name', async () => {
    term.clear();
    const r = await term.run('infra serverless create --name web --image registry.sim.local/acme/web:v1');
    expect(r.code).toBe(2);
    expect(hintOf(r.screen)).toMatch(/^hint: if web is yours already, 'infra serverless update web' changes it, or 'infra serverless apply --name web \.\.\.' creates or updates it/m);
  });

  it('a 403 names the permission it needed and where a token with it is made', async () => {
    term.clear();
    const r = await term.run(`INFRA_TOKEN=${sim.tokens.default} infra serverless list`);
    expect(r.code).toBe(4);
    expect(hintOf(r.screen)).toBe(
      "hint: the token lacks the serverless:read permission: create a token with serverless:read at https://danubedata.ro/user/api-tokens, then run 'infra auth login' with it",
    );
  });

  it('on a narrow terminal a hint is broken between words, never inside a command', async () => {
    term.resize(60, 30);
    try {
      term.clear();
      const r = await term.run('infra serverless redeploy batch');
      const hint = r.screen.slice(r.screen.indexOf('hint: ')).split('\n').slice(0, 5);
      expect(hint.join('\n')).toContain("'infra serverless wait batch',");
      expect(hintOf(r.screen)).toContain("then redeploy; 'infra serverless get batch' shows its state");
      for (const line of hint.filter((l) => l.startsWith('hint: ') || l.startsWith('      '))) expect(line.length, line).toBeLessThanOrEqual(60);
      expect(hint[1]).toMatch(/^ {6}\S/);
    } finally {
      term.resize(100, 30);
    }
  });
});
