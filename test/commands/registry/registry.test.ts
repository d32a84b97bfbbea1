// The registry commands in process against the simulator: what is printed, the exit codes, and
// the requests the server received (the force flag only when asked; nothing sent without
// confirmation).
import { describe, expect, it } from 'vitest';
import { cli as runIn, requestLines, SEED_IDS, useSimulator, type Simulator } from '../../helpers/sim.js';

let sim: Simulator;
useSimulator((s) => (sim = s));
const cli = (argv: string[], opts: Parameters<typeof runIn>[2] = {}) => runIn(sim, argv, opts);

describe('registry context, verify-push, usage', () => {
  it('context: namespace, push prefix, the docker lines and the quota', async () => {
    const r = await cli(['registry', 'context']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Namespace: +acme$/m);
    expect(r.stdout).toMatch(/^Push prefix: +registry\.sim\.local\/acme$/m);
    expect(r.stdout).toMatch(/^Log in: +docker login registry\.sim\.local$/m);
    expect(r.stdout).toMatch(/^Tag: +docker tag <local-image> registry\.sim\.local\/acme\/<repo>:<tag>$/m);
    expect(r.stdout).toMatch(/^Push: +docker push registry\.sim\.local\/acme\/<repo>:<tag>$/m);
    expect(r.stdout).toMatch(/^Repositories: +9 of 25$/m);
    expect(r.stdout).toMatch(/^Storage: +[\d.]+ GiB of 10 GiB$/m);
    expect(requestLines(sim)).toEqual(['GET /api/v1/registry/context']);
    const staging = await cli(['registry', 'context', '--project', '2', '--json']);
    expect(JSON.parse(staging.stdout)).toMatchObject({ namespace: 'staging', push_prefix: 'registry.sim.local/staging', repositories: { used: 0 } });
  });

  it('verify-push: permitted (exit 0, the push reference), another namespace refused (exit 1, the hint the registry gave)', async () => {
    const ok = await cli(['registry', 'verify-push', 'web']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/^Permitted: +yes$/m);
    expect(ok.stdout).toMatch(/^Push reference: +registry\.sim\.local\/acme\/web$/m);
    expect(sim.requests.at(-1)?.query).toEqual({ repository: 'web' });
    const no = await cli(['registry', 'verify-push', 'registry.sim.local/other/web']);
    expect(no.code).toBe(1);
    expect(no.stdout).toMatch(/^Permitted: +no$/m);
    expect(no.stderr).toMatch(/^error: pushing to registry\.sim\.local\/other\/web is not permitted \(registry\.namespace_mismatch\)$/m);
    expect(no.stderr).toMatch(/^hint: Tag the image as registry\.sim\.local\/acme\/web\.$/m);
  });

  it('usage: repositories and storage against the limits', async () => {
    const r = await cli(['registry', 'usage']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Repositories: 9 of 25$/m);
    expect(JSON.parse((await cli(['registry', 'usage', '--json'])).stdout)).toMatchObject({ data: { repository_count: 9, max_repositories: 25 }, meta: { unlimited_is_zero: true } });
  });
});

describe('registry repos and tags', () => {
  it('repos list (TSV when piped), show; tags list newest first', async () => {
    const list = await cli(['registry', 'repos', 'list']);
    expect(list.code).toBe(0);
    expect(list.stdout.split('\n')[0]).toBe('PATH\tTAGS\tSIZE\tKEEP\tLAST PUSH\tID');
    expect(list.stdout).toMatch(/^acme\/web\t\d+\t/m);
    expect(requestLines(sim)[0]).toMatch(/^GET \/api\/v1\/registry\/repositories$/);
    const show = await cli(['registry', 'repos', 'show', 'web']);
    expect(show.stdout).toMatch(/^Path: +acme\/web$/m);
    expect(show.stdout).toMatch(/^Keeps: +the last 50 tags \(the default\)$/m);
    const tags = await cli(['registry', 'tags', 'list', 'web']);
    const rows = tags.stdout.trim().split('\n');
    expect(rows[0]).toBe('TAG\tDIGEST\tSIZE\tPUSHED');
    expect(rows[1]).toMatch(/^3\.4\.3\tsha256:[0-9a-f]{64}\t/);
    expect(rows.some((l) => l.startsWith('1.2.0\t'))).toBe(true);
    expect((await cli(['registry', 'repos', 'show', 'nope'])).code).toBe(5);
  });

  it('a tag in use: 409 → the containers that run it (exit 1) and how to force; --force --yes deletes it', async () => {
    const r = await cli(['registry', 'tags', 'delete', 'web', '1.2.0', '--yes']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: the tag web:1\.2\.0 is in use by 1 container: not deleted$/m);
    expect(r.stderr).toContain(`  serverless_container web (${SEED_IDS.web})`);
    expect(r.stderr).toMatch(/^hint: .*infra registry tags delete web 1\.2\.0 --force --yes$/m);
    expect(sim.requests.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/v1/registry/repositories/web/tags/1.2.0', query: {} });
    const f = await cli(['registry', 'tags', 'delete', 'web', '1.2.0', '--force', '--yes']);
    expect(f.code, f.stderr).toBe(0);
    expect(f.stderr).toMatch(/^deleted the tag web:1\.2\.0$/m);
    expect(sim.requests.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/v1/registry/repositories/web/tags/1.2.0', query: { force: 'true' } });
    expect(sim.world.registry.has('acme/web', '1.2.0')).toBe(false);
  });

  it('a tag no container runs is deleted without --force', async () => {
    const r = await cli(['registry', 'tags', 'delete', 'web', '1.0.0', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(sim.requests.at(-1)?.query).toEqual({});
  });

  it('without a terminal and without --yes: exit 2, nothing sent; CI set: never a prompt', async () => {
    const r = await cli(['registry', 'tags', 'delete', 'web', '1.2.0', '--force']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: refusing to force-delete the tag web:1\.2\.0 without confirmation; nothing was sent$/m);
    const prompter = { text: async () => 'web', secret: async () => '' };
    const ci = await cli(['registry', 'repos', 'delete', 'web'], { env: { CI: 'true' }, stdinTTY: true, prompter });
    expect(ci.code).toBe(2);
    expect(ci.stderr).toMatch(/CI is set, so nothing is asked/);
    expect(requestLines(sim)).toEqual([]);
  });

  it('on a terminal: --force asks to type repo:tag; a wrong answer sends nothing, the right one deletes', async () => {
    const asked: string[] = [];
    const prompter = (answer: string) => ({ text: async (q: string) => (asked.push(q), answer), secret: async () => '' });
    const wrong = await cli(['registry', 'tags', 'delete', 'web', '1.2.0', '--force'], { prompter: prompter('web'), stdinTTY: true });
    expect(wrong.code).toBe(1);
    expect(asked[0]).toMatch(/force-delete the tag web:1\.2\.0, even if containers run it\. Type its name to confirm: $/);
    expect(requestLines(sim)).toEqual([]);
    const right = await cli(['registry', 'tags', 'delete', 'web', '1.2.0', '--force'], { prompter: prompter('web:1.2.0'), stdinTTY: true });
    expect(right.code, right.stderr).toBe(0);
    expect(requestLines(sim)).toEqual(['DELETE /api/v1/registry/repositories/web/tags/1.2.0']);
  });

  it('repos delete: in use (exit 1, the containers named), then --force --yes', async () => {
    const r = await cli(['registry', 'repos', 'delete', 'api', '--yes']);
    expect(r.code).toBe(1);
    // The project's own containers: staging's api (another project) is not listed.
    expect(r.stderr).toMatch(/^error: the repository api is in use by 1 container: not deleted$/m);
    expect(r.stderr).toContain(`  serverless_container api (${SEED_IDS.api})`);
    const f = await cli(['registry', 'repos', 'delete', 'api', '--force', '--yes', '--json']);
    expect(f.code, f.stderr).toBe(0);
    expect(JSON.parse(f.stdout)).toEqual({ message: 'Repository deleted.' });
    expect((await cli(['registry', 'repos', 'show', 'api'])).code).toBe(5);
  });
});
