// `infra open` and `get --web` as real processes with a fake opener on PATH (a node script that
// records its argv): the URL the API gives, opened by argv; $BROWSER honoured; printed where no
// browser can be shown; a URL that is not http(s) refused and never handed to the opener.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.js';
import { fakeProgram } from '../helpers/fake-program.js';
import { peek, SEED_IDS, until, useSimulator, type Simulator } from '../helpers/sim.js';

let sim: Simulator;
let env: Record<string, string>;
useSimulator((s, e) => {
  sim = s;
  env = e;
});

let dir: string;
let log: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'infra-open-'));
  log = join(dir, 'argv.json');
  for (const name of ['xdg-open', 'my-browser']) fakeProgram(dir, name, { log, record: 'named' });
});

/** A desktop session: a display, no CI, no ssh; only the fake openers on PATH. */
const desktop = (extra: Record<string, string> = {}) => ({ ...env, PATH: [dir, '/usr/bin', '/bin'].join(delimiter), DISPLAY: ':0', ...extra });
/** What the opener was started with (it runs detached: waited for, bounded). */
async function opened(): Promise<string[]> {
  await until(() => existsSync(log), 10_000);
  return JSON.parse(readFileSync(log, 'utf8')) as string[];
}

describe('infra open', () => {
  it("opens a container's URL with the platform opener, by argv", async () => {
    const c = await peek<{ url: string }>(sim, `/api/v1/serverless/${SEED_IDS.web}`);
    const r = await spawnCli(['open', 'web'], { env: desktop() });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`opening ${c.url} in the browser\n`);
    expect(await opened()).toEqual(['xdg-open', c.url]);
  });

  it('honours BROWSER (its words, then the URL), as gh does', async () => {
    const r = await spawnCli(['open', 'docs'], { env: desktop({ BROWSER: 'my-browser --new-window' }) });
    expect(r.code).toBe(0);
    expect(await opened()).toEqual(['my-browser', '--new-window', 'https://docs-main.sites.sim.local/']);
  });

  it('prints the URL instead where no browser can be shown (CI, ssh, no display) or with --print', async () => {
    const sessions: Record<string, string>[] = [{ CI: 'true' }, { SSH_CONNECTION: '10.0.0.1 5000 10.0.0.2 22' }, { SSH_TTY: '/dev/pts/1' }, { DISPLAY: '' }];
    for (const extra of sessions) {
      const r = await spawnCli(['open', 'docs'], { env: desktop(extra) });
      expect(r.code, JSON.stringify(extra)).toBe(0);
      expect(r.stdout).toBe('https://docs-main.sites.sim.local/\n');
      expect(r.stderr).toMatch(/^not opening a browser: /);
    }
    const p = await spawnCli(['open', 'docs', '--print'], { env: desktop() });
    expect(p.stdout).toBe('https://docs-main.sites.sim.local/\n');
    expect(p.stderr).toBe('');
    expect(existsSync(log)).toBe(false);
  });

  it('refuses a URL that is not http(s): never handed to the opener', async () => {
    for (const bad of ['javascript:alert(document.cookie)', 'file:///etc/passwd', 'not a url']) {
      sim.resetHandlers();
      const real = await peek<Record<string, unknown>>(sim, `/api/v1/serverless/${SEED_IDS.web}`);
      sim.use(http.get(`*/api/v1/serverless/${SEED_IDS.web}`, () => HttpResponse.json({ ...real, url: bad, container: { ...(real.container as object), url: bad } })));
      const r = await spawnCli(['open', 'web'], { env: desktop() });
      expect(r.code, bad).toBe(1);
      expect(r.stderr).toMatch(/^error: the URL the API gave for container web (is a (javascript|file): URL, not http\(s\)|is not a URL); not opened$/m);
      const w = await spawnCli(['serverless', 'get', 'web', '--web'], { env: desktop() });
      expect(w.code).toBe(1);
    }
    expect(existsSync(log)).toBe(false);
  });

  it('an unknown ref: exit 5 with a hint', async () => {
    const r = await spawnCli(['open', 'nosuch', '--type', 'app'], { env: desktop() });
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('error: no app named nosuch');
  });
});

describe('get --web', () => {
  it('serverless get, apps get and static-sites get open the resource URL', async () => {
    const s = await spawnCli(['serverless', 'get', 'web', '--web'], { env: desktop({ CI: '1' }) });
    expect(s.code).toBe(0);
    expect(s.stdout).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/containers\/web-main\n$/);
    const a = await spawnCli(['apps', 'get', 'shop-wp', '--web'], { env: desktop() });
    expect(a.code).toBe(0);
    expect(await opened()).toEqual(['xdg-open', 'https://shop.apps.sim.local/']);
    const site = await spawnCli(['static-sites', 'get', 'docs', '--web', '--json'], { env: desktop({ CI: '1' }) });
    expect(site.stdout).toBe('https://docs-main.sites.sim.local/\n');
  });
});
