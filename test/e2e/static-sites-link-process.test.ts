// `static-sites link` / `unlink` and a deploy from a linked directory, through bin/infra against
// the simulator: what the link file holds (no token), what the deploy sends, and the links it
// refuses (another host, another project, a file that is not a link) before any request.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.js';
import { requestLines, simEnv, useSimulator, type Simulator } from '../helpers/sim.js';
import { SITE_IDS } from '../../src/sim/state/seed.js';

let sim: Simulator;
useSimulator((s) => (sim = s));

/** A project directory with a built site in dist/. */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'infra-link-'));
  mkdirSync(join(dir, 'dist'));
  writeFileSync(join(dir, 'dist', 'index.html'), '<h1>hello</h1>');
  writeFileSync(join(dir, 'notes.txt'), 'not for the site');
  return dir;
}
const run = (argv: string[], cwd: string, env: Record<string, string> = {}) => spawnCli(argv, { env: { ...simEnv(sim), ...env }, cwd });
const uploads = () => sim.requests.filter((q) => q.method === 'POST' && q.path.endsWith('/deploy')).map((q) => q.path);

describe('static-sites link, then deploy with no arguments', () => {
  it('the link names the site, host, project and path, and holds no token; deploy sends dist/ to that site', async () => {
    const dir = project();
    const link = await run(['static-sites', 'link', 'docs', '--path', 'dist'], dir);
    expect(link.code, link.stderr).toBe(0);
    const file = join(dir, '.infra', 'site.json');
    expect(link.stdout.trim()).toBe(file);
    expect(link.stderr).toContain('to docs (id');
    const text = readFileSync(file, 'utf8');
    expect(JSON.parse(text)).toEqual({ site_id: SITE_IDS.docs, site_name: 'docs', api_url: sim.url, project: null, path: 'dist' });
    expect(text).not.toContain(sim.tokens.admin);

    sim.requests.length = 0;
    const deploy = await run(['static-sites', 'deploy'], dir);
    expect(deploy.code, deploy.stderr).toBe(0);
    expect(deploy.stderr).toContain('deploying to docs (linked in .infra/site.json)');
    expect(deploy.stderr).toMatch(/uploading 1 file from dist \(\d+ B\) to docs \(id /);
    expect(uploads()).toEqual([`/api/v1/static-sites/${SITE_IDS.docs}/deploy`]);
  });

  it('a path given to deploy wins over the linked one; the .infra directory is never packed', async () => {
    const dir = project();
    expect((await run(['static-sites', 'link', 'blog'], dir)).code).toBe(0);
    const noPath = await run(['static-sites', 'deploy'], dir);
    expect(noPath.code).toBe(2);
    expect(noPath.stderr).toContain('names no path to deploy');
    const r = await run(['static-sites', 'deploy', '.', '--dry-run'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('notes.txt');
    expect(r.stdout).not.toMatch(/^\s*\S*\.infra\/site\.json/m);
    expect(r.stdout).toMatch(/\.infra\/.*infra's own files/);
    expect(uploads()).toEqual([]);
  });

  it('a link made for another host or project is refused before any request', async () => {
    const dir = project();
    mkdirSync(join(dir, '.infra'));
    writeFileSync(join(dir, '.infra', 'site.json'), JSON.stringify({ site_id: SITE_IDS.docs, site_name: 'docs', api_url: 'https://elsewhere.example', project: null, path: 'dist' }));
    sim.requests.length = 0;
    const host = await run(['static-sites', 'deploy'], dir);
    expect(host.code).toBe(2);
    expect(host.stderr).toContain(`links docs on https://elsewhere.example, but infra talks to ${sim.url}`);
    expect(host.stderr).toContain('hint: pass --api-url https://elsewhere.example');

    const other = project();
    expect((await run(['static-sites', 'link', 'docs', '--path', 'dist'], other)).code).toBe(0);
    sim.requests.length = 0;
    const proj = await run(['static-sites', 'deploy', '--project', '2'], other);
    expect(proj.code).toBe(2);
    expect(proj.stderr).toContain('in project (the default), but the project in use is 2');
    expect(requestLines(sim)).toEqual([]);
  });

  it('no link and one argument: exit 2 with both ways out', async () => {
    const r = await run(['static-sites', 'deploy', 'dist'], project());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('deploy needs a site and a path: dist alone is not enough here');
    expect(r.stderr).toContain('infra static-sites link <site> --path dist');
    expect(requestLines(sim)).toEqual([]);
  });

  it('a link file that is not one (too big, not JSON, escapes in its name): one line, exit 2, nothing sent', async () => {
    const dir = project();
    mkdirSync(join(dir, '.infra'));
    const file = join(dir, '.infra', 'site.json');
    for (const body of ['x'.repeat(100_000), '{not json', JSON.stringify({ site_id: '../../admin', api_url: sim.url })]) {
      writeFileSync(file, body);
      const r = await run(['static-sites', 'deploy'], dir);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^error: .*site\.json is not a site link \(/);
    }
    writeFileSync(file, JSON.stringify({ site_id: SITE_IDS.docs, site_name: 'do\u001b]0;pwned\u0007cs', api_url: 'https://elsewhere.example', project: null, path: 'dist' }));
    const r = await run(['static-sites', 'deploy'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain('\u001b');
    expect(requestLines(sim)).toEqual([]);
  });

  it('link --path outside the directory: exit 2 before any request; unlink removes the link, twice is fine', async () => {
    const dir = project();
    const outside = await run(['static-sites', 'link', 'docs', '--path', '../elsewhere'], dir);
    expect(outside.code).toBe(2);
    expect(outside.stderr).toContain('--path ../elsewhere is outside the linked directory');
    expect(requestLines(sim)).toEqual([]);
    expect((await run(['static-sites', 'link', 'docs', join(dir, 'dist')], project())).code).toBe(0);
    expect(existsSync(join(dir, 'dist', '.infra', 'site.json'))).toBe(true);
    const unlink = await run(['static-sites', 'unlink', 'dist'], dir);
    expect(unlink.code, unlink.stderr).toBe(0);
    expect(existsSync(join(dir, 'dist', '.infra', 'site.json'))).toBe(false);
    const again = await run(['static-sites', 'unlink', 'dist'], dir);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('dist has no link to a static site');
    const json = await run(['static-sites', 'unlink', 'dist', '--json'], dir);
    expect(JSON.parse(json.stdout)).toEqual({ file: join(dir, 'dist', '.infra', 'site.json'), removed: false });
  });

  it('link of a site that does not exist: exit 5, no file written', async () => {
    const dir = project();
    const r = await run(['static-sites', 'link', 'no-such-site'], dir);
    expect(r.code).toBe(5);
    expect(existsSync(join(dir, '.infra'))).toBe(false);
  });
});
