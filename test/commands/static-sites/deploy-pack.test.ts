// `static-sites deploy` packs with the same packer as `serverless deploy`: files that may hold
// secrets are left out with a warning unless named, --dry-run sends nothing, and a given
// archive whose names would unpack outside the directory is refused.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { zipFiles } from '../../../src/shared/zip.js';
import { requestLines, useHarness, type Harness } from '../../helpers/sim.js';

let h: Harness;
useHarness((x) => (h = x));

function siteDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'infra-site-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

describe('static-sites deploy: what is packed', () => {
  it('.env and keys are left out with a warning; --include puts one back', async () => {
    const dir = siteDir({ 'index.html': 'hi', '.env': 'SECRET=1', 'tls/site.key': 'k' });
    const r = await h.cli(['static-sites', 'deploy', 'docs', dir, '--include', 'tls/site.key']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^warning: left out 1 file that may hold secrets: \.env \(pack one with --include PATH or a !PATH line in \.infraignore\)$/m);
    expect(r.stderr).toMatch(/uploading 2 files from .* to docs/);
  });

  it('--dry-run: the list on stdout, exit 0, no request', async () => {
    const r = await h.cli(['static-sites', 'deploy', 'docs', siteDir({ 'index.html': 'hi', '.npmrc': 'x' }), '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^would pack 1 file \(2 B\) from .*:\n +2 B {2}index\.html\nleft out 1:\n {2}\.npmrc {2}\(may hold credentials/m);
    expect(requestLines(h.sim)).toEqual([]);
  });

  it('a given archive holding a name with `..` or a backslash: refused with the name, exit 2, nothing sent', async () => {
    const dir = siteDir({});
    const archive = join(dir, 'evil.zip');
    writeFileSync(
      archive,
      zipFiles([
        { name: 'index.html', data: Buffer.from('hi') },
        { name: '../../etc/cron.d/x', data: Buffer.from('x') },
      ]),
    );
    const r = await h.cli(['static-sites', 'deploy', 'docs', archive]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: .*evil\.zip holds "\.\.\/\.\.\/etc\/cron\.d\/x", whose name has an empty, `\.` or `\.\.` segment; nothing was sent$/m);
    expect(requestLines(h.sim)).toEqual([]);
  });
});
