// The static-sites family end to end against the simulator, in virtual time: every command,
// the requests it sends (a deploy as multipart/form-data with a ZIP archive packed here),
// exit codes, stdout and stderr; deploy, activate, create, delete and domain verification
// with --wait to success and failure, and the waits to timeout (resumed) and Ctrl-C.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { zipEntries, zipFiles } from '../../../src/shared/zip.js';
import { onlyJson, errorText } from '../../helpers/cli.js';
import { peek, requestLines, SEED_IDS, useHarness, type Harness } from '../../helpers/sim.js';

let h: Harness;
useHarness((x) => (h = x));

const DOCS = SEED_IDS.sites.docs;
const BLOG = SEED_IDS.sites.blog;
const LANDING = SEED_IDS.sites.landing;
const writes = () => requestLines(h.sim).filter((l) => !l.startsWith('GET '));
const TERMINAL = (answer: string) => ({ stdinTTY: true, prompter: { text: async () => answer, secret: async () => '' } });

/** A built site in a fresh directory: files by relative path. */
function siteDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'infra-site-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

async function deployments(site: string): Promise<Array<Record<string, unknown>>> {
  const r = await h.cli(['static-sites', 'deployments', site, '--json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Array<Record<string, unknown>>;
}

describe('static-sites list / get', () => {
  it('list: the real fields as columns, TSV when piped; --json the items as sent', async () => {
    const r = await h.cli(['static-sites', 'list']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('ID\tNAME\tSTATUS\tURL\tPLAN\tDEPLOYMENTS\tDEPLOYED');
    expect(r.stdout).toContain(`${DOCS}\tdocs\tready\thttps://docs-main.sites.sim.local\tstarter\t3\t`);
    expect(r.stdout).toContain(`${BLOG}\tblog\tdegraded\t`);
    expect(requestLines(h.sim)).toEqual(['GET /api/v1/static-sites']);
    expect(h.sim.requests[0]?.query).toMatchObject({ per_page: '200' });
    const json = JSON.parse((await h.cli(['static-sites', 'list', '--json'])).stdout) as Array<Record<string, unknown>>;
    expect(json.map((s) => s.slug)).toEqual(['docs', 'blog', 'landing']);
  });

  it('get by name: one list request, then the site; by id: none; --json is the site as sent', async () => {
    const r = await h.cli(['static-sites', 'get', 'blog']);
    expect(r.code, r.stderr).toBe(0);
    expect(requestLines(h.sim)).toEqual(['GET /api/v1/static-sites', `GET /api/v1/static-sites/${BLOG}`]);
    expect(r.stdout).toMatch(/Status:\s+degraded/);
    expect(r.stdout).toMatch(/Error:\s+static_site\.build_failed: No index\.html/);
    expect(r.stdout).toMatch(/URL:\s+https:\/\/blog-main\.sites\.sim\.local/);
    h.sim.requests.length = 0;
    const j = await h.cli(['static-sites', 'get', DOCS, '--json']);
    expect(requestLines(h.sim)).toEqual([`GET /api/v1/static-sites/${DOCS}`]);
    expect(onlyJson(j.stdout)).toMatchObject({ id: DOCS, name: 'docs', slug: 'docs', plan: 'starter', deployment_count: 3 });
  });

  it('an unknown site: exit 5 naming what was looked for', async () => {
    const r = await h.cli(['static-sites', 'get', 'nope']);
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('no static site with the id, name or slug "nope"');
  });
});

describe('static-sites create / delete', () => {
  it('create --wait: POST {name, plan}, the new id on stdout, done when provisioned', async () => {
    const r = await h.cli(['static-sites', 'create', '--name', 'Status Page', '--plan', 'starter', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    expect(h.sim.requests[0]?.body).toEqual({ name: 'Status Page', plan: 'starter' });
    expect(r.stderr).toContain('created Status Page');
    expect(r.stderr).toMatch(/create of Status Page finished: ready/);
    expect(onlyJson((await h.cli(['static-sites', 'get', 'status-page', '--json'])).stdout)).toMatchObject({ slug: 'status-page', plan: 'starter' });
  });

  it('create of a site that fails to provision: exit 1, the error and a hint without commands the family lacks', async () => {
    const r = await h.cli(['static-sites', 'create', '--name', 'web-fail', '--wait']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error: create of web-fail failed: static_site.create_failed');
    expect(r.stderr).toMatch(/hint: retrying will not help; 'infra static-sites diagnose [0-9a-f-]+' and 'infra static-sites deployments/);
    expect(r.stderr).not.toContain('static-sites events');
  });

  it("the API's field errors: exit 2, field by field; a bad plan is refused before any request", async () => {
    const taken = await h.cli(['static-sites', 'create', '--name', 'docs']);
    expect(taken.code).toBe(2);
    expect(taken.stderr).toContain('  name: The name has already been taken.');
    h.sim.requests.length = 0;
    expect((await h.cli(['static-sites', 'create', '--name', 'x', '--plan', 'enterprise'])).code).toBe(2);
    expect((await h.cli(['static-sites', 'create'])).code).toBe(2);
    expect(requestLines(h.sim)).toEqual([]);
  });

  it('delete --yes --wait waits for the 404; without --yes and no terminal: exit 2, nothing sent', async () => {
    expect((await h.cli(['static-sites', 'delete', 'landing'])).code).toBe(2);
    expect(writes()).toEqual([]);
    const r = await h.cli(['static-sites', 'delete', 'landing', '--yes', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/landing is deleted/);
    expect(writes()).toEqual([`DELETE /api/v1/static-sites/${LANDING}`]);
    expect((await h.cli(['static-sites', 'get', LANDING])).code).toBe(5);
  });

  it('delete on a terminal: the typed name must match; a site being built refuses (422 {error, status}: exit 1)', async () => {
    const wrong = await h.cli(['static-sites', 'delete', 'landing'], TERMINAL('docs'));
    expect(wrong.code).toBe(1);
    expect(writes()).toEqual([]);
    expect((await h.cli(['static-sites', 'deploy', 'docs', siteDir({ 'index.html': 'x' })])).code).toBe(0);
    const busy = await h.cli(['static-sites', 'delete', 'docs'], TERMINAL('docs'));
    expect(busy.code).toBe(1);
    expect(busy.stderr).toContain('Site cannot be deleted in its current state.');
  });
});

describe('static-sites deploy', () => {
  it('a directory: packed into a ZIP, sent as multipart/form-data `file`; --wait until built and live', async () => {
    const dir = siteDir({ 'index.html': '<h1>v4</h1>', 'assets/app.css': 'body{}', '.well-known/security.txt': 'x', '.git/HEAD': 'ref' });
    const r = await h.cli(['static-sites', 'deploy', 'docs', dir, '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/uploading 3 files from .* to docs/);
    expect(r.stderr).toMatch(/deploy of docs finished: ready/);
    const post = h.sim.requests.find((q) => q.method === 'POST')!;
    expect(post.path).toBe(`/api/v1/static-sites/${DOCS}/deploy`);
    expect(post.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(String(post.body)).toMatch(/Content-Disposition: form-data; name="file"; filename="infra-site-\w+\.zip"\r\nContent-Type: application\/zip/);
    const [latest] = await deployments('docs');
    // .git is left out: three files reached the build.
    expect(latest).toMatchObject({ revision_number: 4, status: 'active', is_current: true, file_count: 3 });
  });

  it('a .zip archive: sent as it is; JSON of the 202 without --wait', async () => {
    const dir = siteDir({});
    const archive = join(dir, 'release.zip');
    writeFileSync(archive, zipFiles([{ name: 'index.html', data: Buffer.from('hi') }]));
    const r = await h.cli(['static-sites', 'deploy', DOCS, archive, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(onlyJson(r.stdout)).toEqual({ message: 'Deployment initiated.', site_id: DOCS, status: 'building' });
    // An id needs no lookup, and without --wait no read before the upload either.
    expect(requestLines(h.sim)).toEqual([`POST /api/v1/static-sites/${DOCS}/deploy`]);
    expect(String(h.sim.requests[0]?.body)).toContain('filename="release.zip"');
  });

  it('what cannot be sent is refused before any request (exit 2)', async () => {
    const empty = siteDir({});
    const notZip = join(siteDir({ 'x.txt': 'x' }), 'x.txt');
    for (const path of ['/nonexistent/dist', empty, notZip]) {
      const r = await h.cli(['static-sites', 'deploy', 'docs', path]);
      expect(r.code, path).toBe(2);
      expect(r.stderr).toMatch(/nothing was sent/);
    }
    expect((await h.cli(['static-sites', 'deploy', 'docs', empty, '--timeout', '1m'])).code).toBe(2);
    expect(requestLines(h.sim)).toEqual([]);
  });

  it('a build that fails while the previous deployment serves: degraded, exit 3; the site says why', async () => {
    const r = await h.cli(['static-sites', 'deploy', 'docs', siteDir({ 'about.html': 'no home' }), '--wait', '--json']);
    expect(r.code).toBe(3);
    expect(errorText(r.stderr)).toContain('warning:');
    expect(errorText(r.stderr)).toMatch(/no index\.html at its root/);
    expect(errorText(r.stderr)).toContain('error: deploy of docs ended degraded');
    expect(errorText(r.stderr)).toContain('code:    static_site.build_failed');
    expect(onlyJson(r.stdout)).toMatchObject({ outcome: 'degraded', evidence: 'fresh_observation' });
    const [latest, serving] = await deployments('docs');
    expect([latest?.status, serving?.status]).toEqual(['failed', 'active']);
  });

  it('a first build that fails: nothing serves, exit 1', async () => {
    const r = await h.cli(['static-sites', 'deploy', 'landing', siteDir({ 'readme.txt': 'x' }), '--wait']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error: deploy of landing failed: static_site.build_failed');
    expect(r.stderr).toContain('hint: retrying will not help');
  });

  it('a deploy while another runs: 409 {error}, exit 1', async () => {
    const dir = siteDir({ 'index.html': 'x' });
    expect((await h.cli(['static-sites', 'deploy', 'docs', dir])).code).toBe(0);
    const r = await h.cli(['static-sites', 'deploy', 'docs', dir]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('A deployment is already in progress.');
  });

  it('timeout: exit 6 with the command that resumes, which then finishes', async () => {
    const created = await h.cli(['static-sites', 'create', '--name', 'big-slow', '--wait', '--timeout', '30m', '--interval', '1m']);
    expect(created.code, created.stderr).toBe(0);
    const r = await h.cli(['static-sites', 'deploy', 'big-slow', siteDir({ 'index.html': 'x' }), '--wait', '--timeout', '2m']);
    expect(r.code).toBe(6);
    const resume = /resume waiting with: (infra static-sites wait \S+)/.exec(r.stderr)?.[1];
    expect(resume).toMatch(/^infra static-sites wait [0-9a-f-]{36}$/);
    const again = await h.cli([...resume!.split(' ').slice(1), '--timeout', '1h', '--interval', '1m']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/operation of big-slow finished: ready/);
  });

  it('Ctrl-C while waiting: exit 130 with the resume command', async () => {
    const controller = new AbortController();
    const { InterruptedError } = await import('../../../src/cli/errors.js');
    let polls = 0;
    const r = await h.cli(['static-sites', 'deploy', 'docs', siteDir({ 'index.html': 'x' }), '--wait'], {
      signal: controller.signal,
      onIdle: () => {
        if (++polls === 3) controller.abort(new InterruptedError());
      },
    });
    expect(r.code).toBe(130);
    expect(r.stderr).toMatch(/interrupted while waiting for the deploy of docs; it goes on server-side/);
    expect(r.stderr).toMatch(new RegExp(`resume waiting with: infra static-sites wait ${DOCS}`));
  });
});

describe('static-sites deployments / activate', () => {
  it('deployments: newest first, the serving one marked', async () => {
    const r = await h.cli(['static-sites', 'deployments', 'docs']);
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout.trim().split('\n');
    expect(rows[0]).toBe('CURRENT\tREVISION\tID\tSTATUS\tFILES\tSIZE\tTRIGGER\tDEPLOYED\tCREATED');
    expect(rows.slice(1).map((l) => l.split('\t').slice(0, 2).join(' '))).toEqual(['* r3', ' r2', ' r1']);
  });

  it('activate by revision --wait: a rollback; the earlier deployment serves again', async () => {
    const r = await h.cli(['static-sites', 'activate', 'docs', 'r1', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Rollback to revision 1 initiated.');
    expect(r.stderr).toMatch(/activation of docs finished: ready/);
    const r1 = (await deployments('docs')).find((d) => d.revision_number === 1)!;
    expect(r1.is_current).toBe(true);
    expect(writes()).toEqual([`POST /api/v1/static-sites/${DOCS}/deployments/${r1.id}/activate`]);
  });

  it('activate by id; a failed deployment has no image (422 {error}: exit 1); an unknown revision exit 5; a bad reference exit 2', async () => {
    const blog = await deployments('blog');
    const good = blog.find((d) => d.status === 'active')!;
    const failed = blog.find((d) => d.status === 'failed')!;
    expect((await h.cli(['static-sites', 'activate', 'blog', String(good.id)])).code).toBe(0);
    h.sim.world.clock.advance(60);
    const refused = await h.cli(['static-sites', 'activate', 'blog', String(failed.id)]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('This deployment cannot be activated because it has no image.');
    expect((await h.cli(['static-sites', 'activate', 'docs', 'r99'])).code).toBe(5);
    h.sim.requests.length = 0;
    const bad = await h.cli(['static-sites', 'activate', 'docs', 'latest']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('is not a deployment');
    expect(requestLines(h.sim)).toEqual([]);
  });
});

describe('static-sites domains', () => {
  it('list: verification, TLS and serving; the DNS records of the unverified as hints', async () => {
    const r = await h.cli(['static-sites', 'domains', 'list', 'docs']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^docs\.acme\.test\tyes\tverified\tissued\tdeployed\t/m);
    expect(r.stdout).toMatch(/^help\.acme\.test\t\tpending\tpending\tpending\t/m);
    expect(r.stderr).toContain('hint: help.acme.test: Add a TXT record _infra-verify.help.acme.test');
  });

  it('add: the DNS records to create; a malformed domain is refused before any request', async () => {
    const r = await h.cli(['static-sites', 'domains', 'add', 'landing', 'Launch.Acme.test']);
    expect(r.code, r.stderr).toBe(0);
    expect(h.sim.requests.find((q) => q.method === 'POST')?.body).toEqual({ domain: 'launch.acme.test' });
    expect(r.stdout).toMatch(/Domain:\s+launch\.acme\.test/);
    expect(r.stdout).toMatch(/DNS:\s+Add a TXT record _infra-verify\.launch\.acme\.test/);
    h.sim.requests.length = 0;
    expect((await h.cli(['static-sites', 'domains', 'add', 'landing', 'https://x.test/path'])).code).toBe(2);
    expect(requestLines(h.sim)).toEqual([]);
    const taken = await h.cli(['static-sites', 'domains', 'add', 'landing', 'docs.acme.test']);
    expect(taken.code).toBe(2);
    expect(taken.stderr).toContain('  domain: The domain has already been taken.');
  });

  it('verify --wait: done once verified; a record that is not found fails (exit 1)', async () => {
    const r = await h.cli(['static-sites', 'domains', 'verify', 'docs', 'help.acme.test', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/verification of help\.acme\.test finished: ready/);
    expect((await h.cli(['static-sites', 'domains', 'add', 'docs', 'www.nowhere.invalid'])).code).toBe(0);
    const bad = await h.cli(['static-sites', 'domains', 'verify', 'docs', 'www.nowhere.invalid', '--wait']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('error: verification of www.nowhere.invalid failed: static_site.domain_unverified');
    expect(bad.stderr).toContain("hint: a retry may help; 'infra static-sites domains list docs' shows the DNS records to create");
  });

  it('verify --wait timeout: exit 6, resumed by asking again', async () => {
    const r = await h.cli(['static-sites', 'domains', 'verify', 'docs', 'help.acme.test', '--wait', '--timeout', '5s']);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('resume waiting with: infra static-sites domains verify docs help.acme.test --wait');
  });

  it('remove: confirmed (--yes without a terminal, the domain typed on one); then gone', async () => {
    const { data } = await peek<{ data: Array<{ id: string; domain: string }> }>(h.sim, `/api/v1/static-sites/${DOCS}/domains`);
    const help = data.find((d) => d.domain === 'help.acme.test')!;
    expect((await h.cli(['static-sites', 'domains', 'remove', 'docs', 'help.acme.test'])).code).toBe(2);
    expect((await h.cli(['static-sites', 'domains', 'remove', 'docs', 'help.acme.test'], TERMINAL('docs.acme.test'))).code).toBe(1);
    expect(writes()).toEqual([]);
    const r = await h.cli(['static-sites', 'domains', 'remove', 'docs', 'help.acme.test'], TERMINAL('help.acme.test'));
    expect(r.code, r.stderr).toBe(0);
    expect(writes()).toEqual([`DELETE /api/v1/static-sites/${DOCS}/domains/${help.id}`]);
    expect((await h.cli(['static-sites', 'domains', 'remove', 'docs', 'help.acme.test', '--yes'])).code).toBe(5);
  });
});

describe('static-sites diagnose / wait', () => {
  it('diagnose: the unverified domain asks for action; blog is degraded; --exit-status on a fatal finding', async () => {
    const d = await h.cli(['static-sites', 'diagnose', 'docs']);
    expect(d.code, d.stderr).toBe(0);
    expect(d.stdout).toMatch(/verdict: action_required/);
    expect(d.stdout).toMatch(/ACTION\s+static_site\.domain_unverified/);
    const blog = await h.cli(['static-sites', 'diagnose', 'blog', '--json']);
    expect(onlyJson(blog.stdout)).toMatchObject({ data: { verdict: 'degraded' }, meta: { source: 'api' } });
    expect((await h.cli(['static-sites', 'diagnose', 'blog', '--exit-status'])).code).toBe(0);
    await h.cli(['static-sites', 'deploy', 'landing', siteDir({ 'a.txt': 'x' }), '--wait']);
    expect((await h.cli(['static-sites', 'diagnose', 'landing', '--exit-status'])).code).toBe(1);
  });

  it('zip entries of a packed directory are the files, relative, with / separators', () => {
    const entries = zipEntries(
      zipFiles([
        { name: 'a/b.txt', data: Buffer.from('b') },
        { name: 'index.html', data: Buffer.from('i') },
      ]),
    );
    expect(entries).toEqual([
      { name: 'a/b.txt', size: 1 },
      { name: 'index.html', size: 1 },
    ]);
  });
});
