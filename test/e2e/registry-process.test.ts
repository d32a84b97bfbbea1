// The registry and source builds through the real bin/infra (the bundle) against a running
// simulator: every command of issue 20 parts 3-4 once, with the requests the server received.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.js';
import { requestLines, SEED_IDS, simEnv, useSimulator, type Simulator } from '../helpers/sim.js';

let sim: Simulator;
// Sim time runs 50x: a build (15 s) and a rollout (12 s) take well under a second (a running
// build's cancel is tested in process, on virtual time: here a build ends before a process starts).
useSimulator((s) => (sim = s), { speed: 50 });
const run = (argv: string[], timeoutMs = 30_000) => spawnCli(argv, { env: { ...simEnv(sim), CI: 'true' }, timeoutMs });
const WEB = SEED_IDS.web;

function source(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'infra-e2e-src-'));
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(join(dir, p, '..'), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
  return dir;
}

describe('serverless deploy through bin/infra', () => {
  it('--wait: upload (multipart, the files the server unpacked), build, then the rollout of the built image: exit 0', async () => {
    const dir = source({ Dockerfile: 'FROM node:20', 'app.js': '1', 'node_modules/x/i.js': '2', '.infraignore': '*.md\n', 'README.md': 'x' });
    const r = await run(['serverless', 'deploy', 'web', '--dir', dir, '--wait', '--interval', '200ms']);
    expect(r.code, r.stderr).toBe(0);
    expect(sim.world.builds.latest(1, WEB)?.files).toEqual(['.infraignore', 'Dockerfile', 'app.js']);
    const upload = sim.requests.find((q) => q.method === 'POST' && q.path === `/api/v1/serverless/${WEB}/deploy`);
    expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(r.stderr).toMatch(/^.*build of web finished: succeeded/m);
    expect(r.stderr).toMatch(/^rolling out registry\.sim\.local\/acme\/web:build-1 to web/m);
    // The deploy bumps the generation (a server that sends them): the rollout is waited for by it.
    expect(r.stderr).toMatch(/generation \d+ of web is ready|the rollout of web is ready/);
    const show = await run(['serverless', 'builds', 'show', 'web', '--json']);
    expect(JSON.parse(show.stdout)).toMatchObject({ status: 'succeeded', built_image_ref: 'registry.sim.local/acme/web:build-1' });
  });

  it('a failed build: exit 1, its error_message; builds cancel on a finished build: exit 1', async () => {
    const r = await run(['serverless', 'deploy', 'web', '--dir', source({ 'main.py': 'x' }), '--wait', '--interval', '200ms']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: build of web failed$/m);
    expect(r.stderr).toMatch(/^  message: failed to read dockerfile/m);
    const c = await run(['serverless', 'builds', 'cancel', 'web']);
    expect(c.code).toBe(1);
    expect(c.stderr).toMatch(/is already failed: nothing to cancel/);
  });

  it('bad input: a missing archive, --dir with --archive: one line, exit 2, nothing sent', async () => {
    for (const argv of [
      ['--archive', '/nonexistent/src.zip'],
      ['--dir', '.', '--archive', 'x.zip'],
    ]) {
      const r = await run(['serverless', 'deploy', 'web', ...argv]);
      expect(r.code).toBe(2);
      expect(r.stderr.split('\n').filter((l) => l.startsWith('error:'))).toHaveLength(1);
    }
    expect(requestLines(sim)).toEqual([]);
  });
});

describe('registry through bin/infra', () => {
  it('context, verify-push, usage, repos list/show, tags list: exit 0', async () => {
    const rs = await Promise.all([
      run(['registry', 'context']),
      run(['registry', 'verify-push', 'web']),
      run(['registry', 'usage', '--json']),
      run(['registry', 'repos', 'list', '--json']),
      run(['registry', 'repos', 'show', 'web']),
      run(['registry', 'tags', 'list', 'web']),
    ]);
    rs.forEach((r) => expect(r.code, r.stderr).toBe(0));
    expect(rs[0]!.stdout).toMatch(/^Push: +docker push registry\.sim\.local\/acme\/<repo>:<tag>$/m);
    expect(rs[1]!.stdout).toMatch(/^Permitted: +yes$/m);
    expect(JSON.parse(rs[3]!.stdout).map((r: { path: string }) => r.path)).toContain('acme/web');
    expect(rs[5]!.stdout).toMatch(/^1\.2\.0\t/m);
  });

  it('tags delete of a tag web runs: 409, the container named (exit 1); --force --yes deletes it; repos delete', async () => {
    const r = await run(['registry', 'tags', 'delete', 'web', '1.2.0', '--yes']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`serverless_container web (${WEB})`);
    const f = await run(['registry', 'tags', 'delete', 'web', '1.2.0', '--force', '--yes']);
    expect(f.code, f.stderr).toBe(0);
    expect(sim.requests.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/v1/registry/repositories/web/tags/1.2.0', query: { force: 'true' } });
    const repo = await run(['registry', 'repos', 'delete', 'fresh', '--yes']);
    expect(repo.code, repo.stderr).toBe(0);
  });

  it('a typo in a registry.sim.local tag: preflight says it does not exist; update --wait fails as image_not_found', async () => {
    const image = 'registry.sim.local/acme/app:1.4.3-typo';
    const p = await run(['serverless', 'preflight', '--image', image]);
    expect(p.code).toBe(1);
    expect(p.stdout).toMatch(/^Exists: +no$/m);
    expect(p.stdout).toMatch(/^Can pull: +false$/m);
    expect(p.stdout).toMatch(/^Findings:\n {2}fatal registry\.manifest_unknown: /m);
    const u = await run(['serverless', 'update', 'web', '--image', image, '--wait', '--interval', '200ms']);
    expect(u.code).toBe(3); // web keeps serving its previous revision: degraded
    expect(u.stderr).toMatch(/^ {2}code: +serverless\.image_not_found$/m);
  });
});
