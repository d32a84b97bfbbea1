// serverless deploy (pack, upload, build, rollout) and serverless builds show|cancel, in
// process on the simulator's virtual time: the requests the server received (the archive's
// files as the server unpacked them), exit codes, stdout and stderr.
import { mkdirSync, mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { zipFiles } from '../../../src/shared/zip.js';
import { requestLines, SEED_IDS, useHarness, type Harness } from '../../helpers/sim.js';

let h: Harness;
useHarness((x) => (h = x));

const WEB = SEED_IDS.web;
const MAIN = 1;

/** A source directory: `files` path → content. */
function source(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'infra-src-'));
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(join(dir, p, '..'), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
  return dir;
}

const APP = {
  Dockerfile: 'FROM node:20\nCOPY . .\n',
  'index.js': 'console.log("hi")\n',
  'src/lib.js': 'export {}\n',
  '.gitignore': '# build output\ndist/\n*.log\n',
  '.infraignore': 'secrets/\n!keep.log\n',
  'dist/app.js': 'built',
  'debug.log': 'noise',
  'keep.log': 'kept',
  'secrets/key.pem': 'nope',
  '.git/HEAD': 'ref: refs/heads/main',
  'node_modules/left-pad/index.js': 'module.exports = 1',
};

const uploaded = () => h.sim.world.builds.latest(MAIN, WEB)?.files;

describe('serverless deploy', () => {
  it('--wait: packs (ignore files, no .git, no node_modules), uploads, follows the build phase by phase, then the rollout: exit 0', async () => {
    const dir = source(APP);
    const r = await h.cli(['serverless', 'deploy', 'web', '--dir', dir, '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(uploaded()).toEqual(['.gitignore', '.infraignore', 'Dockerfile', 'index.js', 'keep.log', 'src/lib.js']);
    expect(r.stderr).toMatch(new RegExp(`^packed 6 files \\(\\d+ B\\) from ${dir}; uploading \\d+ B to web \\(id ${WEB}\\)$`, 'm'));
    expect(r.stderr).toMatch(/^upload accepted: building$/m);
    // One line per phase of the build, in order.
    const phases = [...r.stderr.matchAll(/building web(?: \((\w+)\))?\n/g)].map((m) => m[1] ?? 'building');
    expect(phases).toEqual(['pending', 'building', 'pushing']);
    expect(r.stderr).toMatch(/build of web finished: succeeded/);
    expect(r.stderr).toMatch(/^rolling out registry\.sim\.local\/acme\/web:build-1 to web/m);
    // The deploy bumps the generation (a server that sends them): the rollout is waited for by it.
    expect(r.stderr).toMatch(/generation \d+ of web is ready|the rollout of web is ready/);
    const lines = requestLines(h.sim);
    const upload = lines.indexOf(`POST /api/v1/serverless/${WEB}/deploy`);
    // The container and its latest build are read before the upload (the baselines), never after it for the verdict alone.
    expect(lines.slice(0, upload)).toEqual(expect.arrayContaining([`GET /api/v1/serverless/${WEB}/builds/latest`]));
    expect(lines.filter((l) => l === `POST /api/v1/serverless/${WEB}/deploy`)).toHaveLength(1);
    expect(lines.slice(upload + 1).some((l) => l === `GET /api/v1/serverless/${WEB}`)).toBe(true);
    // The built image is in the registry and is what the container now runs.
    const now = await h.api.get(`/api/v1/serverless/${WEB}`);
    expect(((await now.json()) as { container: { image: string; image_tag: string } }).container).toMatchObject({ image: 'registry.sim.local/acme/web', image_tag: 'build-1' });
    expect(h.sim.world.registry.has('acme/web', 'build-1')).toBe(true);
  });

  it('--include-node-modules packs node_modules; .git never', async () => {
    const r = await h.cli(['serverless', 'deploy', 'web', '--dir', source(APP), '--include-node-modules']);
    expect(r.code, r.stderr).toBe(0);
    expect(uploaded()).toContain('node_modules/left-pad/index.js');
    expect(uploaded()?.some((f) => f.startsWith('.git/'))).toBe(false);
    expect(r.stderr).toMatch(/^hint: follow the build with: infra serverless builds show [0-9a-f-]{36} --wait$/m);
  });

  it('a failed build (no Dockerfile): exit 1 with its error_message and a hint; no rollout is waited for', async () => {
    const r = await h.cli(['serverless', 'deploy', 'web', '--dir', source({ 'main.py': 'print(1)' }), '--wait']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^warning: .* has no Dockerfile at its root: the build needs one$/m);
    expect(r.stderr).toMatch(/^error: build of web failed$/m);
    expect(r.stderr).toMatch(/^  message: failed to read dockerfile: open Dockerfile: no such file or directory$/m);
    expect(r.stderr).toMatch(/^hint: fix what the build says .*infra serverless builds show/m);
    expect(r.stderr).not.toMatch(/rolling out/);
    const spec = h.sim.world.containers.get(MAIN, WEB)!;
    expect(spec.spec.image_tag).toBe('1.2.0');
  });

  it('FAIL_BUILD in the archive fails the build; --json prints the build object', async () => {
    const zip = join(mkdtempSync(join(tmpdir(), 'infra-zip-')), 'src.zip');
    writeFileSync(
      zip,
      zipFiles([
        { name: 'Dockerfile', data: Buffer.from('FROM x') },
        { name: 'FAIL_BUILD', data: Buffer.from('') },
      ]),
    );
    const r = await h.cli(['serverless', 'deploy', 'web', '--archive', zip, '--wait', '--json']);
    expect(r.code).toBe(1);
    expect(uploaded()).toEqual(['Dockerfile', 'FAIL_BUILD']);
    expect(JSON.parse(r.stdout)).toMatchObject({ build: { status: 'failed', build_number: 1, error_message: expect.stringContaining('non-zero code') } });
    expect(r.stderr).toMatch(/^read src\.zip \(2 files, 6 B\); uploading/m);
  });

  it.each([
    ['an archive that does not exist', (d: string) => ['--archive', join(d, 'nope.zip')], /^error: --archive .*nope\.zip does not exist; nothing was sent$/m],
    ['--dir and --archive together', (d: string) => ['--dir', d, '--archive', join(d, 'x.zip')], /^error: --dir and --archive cannot be used together; nothing was sent$/m],
    ['a directory that does not exist', (d: string) => ['--dir', join(d, 'missing')], /^error: .*missing does not exist; nothing was sent$/m],
    ['an archive that is not a ZIP', (d: string) => ['--archive', join(d, 'Dockerfile')], /^error: --archive .*Dockerfile is not a ZIP archive; nothing was sent$/m],
    [
      'a file over the size limit',
      (d: string) => {
        truncateSync(join(d, 'big.bin'), 50 * 1024 * 1024 + 1);
        return ['--dir', d];
      },
      /^error: big\.bin is 50 MiB, over the 50 MiB limit of one file; nothing was sent$/m,
    ],
  ])('%s: one line, exit 2, nothing sent', async (_, argv, message) => {
    const dir = source({ Dockerfile: 'FROM x', 'big.bin': '' });
    const r = await h.cli(['serverless', 'deploy', 'web', ...argv(dir), '--wait']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.split('\n').filter((l) => l.startsWith('error:'))).toHaveLength(1);
    expect(requestLines(h.sim)).toEqual([]);
  });
});

describe('serverless builds', () => {
  it('show: the latest build; --wait follows it; a container never built: exit 5', async () => {
    expect((await h.cli(['serverless', 'builds', 'show', 'web'])).code).toBe(5);
    await h.cli(['serverless', 'deploy', 'web', '--dir', source(APP)]);
    const r = await h.cli(['serverless', 'builds', 'show', 'web']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Build: +#1 \([0-9a-f-]{36}\)$/m);
    expect(r.stdout).toMatch(/^Status: +pending$/m);
    const w = await h.cli(['serverless', 'builds', 'show', 'web', '--wait']);
    expect(w.code, w.stderr).toBe(0);
    const j = await h.cli(['serverless', 'builds', 'show', 'web', '--json']);
    expect(JSON.parse(j.stdout)).toMatchObject({ status: 'succeeded', built_image_ref: 'registry.sim.local/acme/web:build-1', source_type: 'dockerfile' });
  });

  it('cancel: the latest build while it runs (exit 0), then nothing to cancel (exit 1, nothing sent)', async () => {
    await h.cli(['serverless', 'deploy', 'web', '--dir', source(APP)]);
    const id = h.sim.world.builds.latest(MAIN, WEB)!.id;
    const r = await h.cli(['serverless', 'builds', 'cancel', 'web']);
    expect(r.code, r.stderr).toBe(0);
    expect(requestLines(h.sim)).toContain(`POST /api/v1/serverless/${WEB}/builds/${id}/cancel`);
    expect(r.stderr).toContain(`cancelled build ${id} of web`);
    const show = await h.cli(['serverless', 'builds', 'show', 'web', '--json']);
    expect(JSON.parse(show.stdout)).toMatchObject({ status: 'cancelled' });
    h.sim.requests.length = 0;
    const again = await h.cli(['serverless', 'builds', 'cancel', 'web']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^error: the latest build of web, #1 \(.*\), is already cancelled: nothing to cancel$/m);
    expect(requestLines(h.sim).some((l) => l.endsWith('/cancel'))).toBe(false);
    // A build named explicitly is sent: the server's 422 refusal is exit 1.
    const named = await h.cli(['serverless', 'builds', 'cancel', 'web', id]);
    expect(named.code).toBe(1);
  });
});
