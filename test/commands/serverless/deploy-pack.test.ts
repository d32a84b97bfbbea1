// What `serverless deploy` packs (the one packer, src/commands/kit/pack*.ts), on the
// simulator: .dockerignore, files that may hold secrets, explicit includes, --dry-run, names
// that cannot go into an archive, unreadable files; the archive's files as the server got them.
import { chmodSync, mkdirSync, mkdtempSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPlanned } from '../../../src/commands/kit/pack-open.js';
import { planDirectory } from '../../../src/commands/kit/pack-walk.js';
import { requestLines, SEED_IDS, useHarness, type Harness } from '../../helpers/sim.js';

let h: Harness;
useHarness((x) => (h = x));

const WEB = SEED_IDS.web;

function source(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'infra-src-'));
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(join(dir, p, '..'), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
  return dir;
}

const uploaded = () => h.sim.world.builds.latest(1, WEB)?.files;
const errors = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('error:'));

const SECRETS = {
  Dockerfile: 'FROM node:20\n',
  'index.js': '1',
  '.env': 'TOKEN=1',
  '.env.production': 'TOKEN=2',
  '.env.example': 'TOKEN=',
  '.npmrc': '//registry.npmjs.org/:_authToken=x',
  'certs/server.pem': 'key',
  'deploy/id_ed25519': 'key',
  'deploy/id_ed25519.pub': 'public',
  '.ssh/config': 'Host x',
  '.aws/credentials': '[default]',
};

describe('serverless deploy: what is packed', () => {
  it('.dockerignore is read when there is a Dockerfile (anchored at the root, as Docker reads it)', async () => {
    const dir = source({ Dockerfile: 'FROM x', '.dockerignore': 'tmp\n*.log\n', 'tmp/cache.bin': 'c', 'a.log': 'l', 'sub/b.log': 'kept: Docker anchors *.log at the root', 'app.js': '1' });
    const r = await h.cli(['serverless', 'deploy', 'web', '--dir', dir]);
    expect(r.code, r.stderr).toBe(0);
    expect(uploaded()).toEqual(['.dockerignore', 'Dockerfile', 'app.js', 'sub/b.log']);
  });

  it('files that may hold secrets are left out with one warning naming them; examples and public keys go in', async () => {
    const r = await h.cli(['serverless', 'deploy', 'web', '--dir', source(SECRETS)]);
    expect(r.code, r.stderr).toBe(0);
    expect(uploaded()).toEqual(['.env.example', 'Dockerfile', 'deploy/id_ed25519.pub', 'index.js']);
    const warning = r.stderr.split('\n').filter((l) => l.startsWith('warning: left out'));
    expect(warning).toEqual([
      'warning: left out 7 files that may hold secrets: .aws/, .env, .env.production, .npmrc, .ssh/, and 2 more (pack one with --include PATH or a !PATH line in .infraignore)',
    ]);
  });

  it('a secret is packed when named: --include PATH, or a !PATH line in .infraignore', async () => {
    const dir = source({ ...SECRETS, '.infraignore': '!.npmrc\n!.ssh/\n' });
    const r = await h.cli(['serverless', 'deploy', 'web', '--dir', dir, '--include', '.env', '--include', './certs/server.pem']);
    expect(r.code, r.stderr).toBe(0);
    expect(uploaded()).toEqual(['.env', '.env.example', '.infraignore', '.npmrc', '.ssh/config', 'Dockerfile', 'certs/server.pem', 'deploy/id_ed25519.pub', 'index.js']);
    expect(r.stderr).toMatch(/^warning: left out 3 files that may hold secrets: \.aws\/, \.env\.production, deploy\/id_ed25519 /m);
  });

  it('--dry-run lists what would be packed with sizes and what is left out and why; exit 0, nothing sent', async () => {
    const dir = source({ ...SECRETS, '.gitignore': 'dist/\n', 'dist/app.js': 'built', 'node_modules/x/i.js': '1' });
    const r = await h.cli(['serverless', 'deploy', 'web', '--dir', dir, '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(requestLines(h.sim)).toEqual([]);
    expect(r.stdout).toMatch(/^would pack 5 files \(\d+ B\) from .*:$/m);
    expect(r.stdout).toMatch(/^ +13 B {2}Dockerfile$/m);
    expect(r.stdout).toMatch(/^ {2}dist\/ {2}\(\.gitignore: dist\/\)$/m);
    expect(r.stdout).toMatch(/^ {2}node_modules\/ {2}\(installed by the build/m);
    expect(r.stdout).toMatch(/^ {2}\.env {2}\(may hold environment secrets \(--include \.env packs it\)\)$/m);
    const json = await h.cli(['serverless', 'deploy', 'web', '--dir', dir, '--dry-run', '--json']);
    const plan = JSON.parse(json.stdout) as { files: { path: string; size_bytes: number }[]; left_out: { path: string; reason: string }[] };
    expect(plan.files).toContainEqual({ path: 'Dockerfile', size_bytes: 13 });
    expect(plan.left_out).toContainEqual({ path: '.npmrc', reason: 'may hold credentials (--include .npmrc packs it)' });
    expect(requestLines(h.sim)).toEqual([]);
  });

  it.each([
    ['a newline', Buffer.from('bad\nname.txt'), /^error: cannot pack "bad\\nname\.txt": its name holds a control character; nothing was sent$/m],
    ['an ESC', Buffer.from('bad\x1b[31mred.txt'), /^error: cannot pack "bad\\x1b\[31mred\.txt": its name holds a control character; nothing was sent$/m],
    ['a backslash', Buffer.from('..\\evil.txt'), /^error: cannot pack "\.\.\\\\evil\.txt": its name holds a backslash .*; nothing was sent$/m],
    ['bytes that are not UTF-8', Buffer.from([0x66, 0xff, 0xfe, 0x2e, 0x74, 0x78, 0x74]), /^error: cannot pack "f\\xff\\xfe\.txt": its name is not valid UTF-8; nothing was sent$/m],
  ])('a name with %s is refused, shown with escapes: exit 2, nothing sent', async (_, name, message) => {
    const dir = source({ Dockerfile: 'FROM x' });
    writeFileSync(Buffer.concat([Buffer.from(`${dir}/`), name]), 'x');
    const r = await h.cli(['serverless', 'deploy', 'web', '--dir', dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toContain('\x1b');
    expect(errors(r.stderr)).toHaveLength(1);
    expect(requestLines(h.sim)).toEqual([]);
    // Left out by an ignore file, the same name harms nobody.
    writeFileSync(join(dir, '.infraignore'), '*.txt\n');
    expect((await h.cli(['serverless', 'deploy', 'web', '--dir', dir])).code).toBe(0);
  });

  it('an unreadable file: one line naming it, exit 2, nothing sent (root reads it anyway: then it is packed)', async () => {
    const dir = source({ Dockerfile: 'FROM x', 'secret-ish.txt': 'x' });
    chmodSync(join(dir, 'secret-ish.txt'), 0o000);
    const r = await h.cli(['serverless', 'deploy', 'web', '--dir', dir]);
    // Root bypasses file modes (CI runs tests as root): there the file is simply readable.
    if (process.getuid?.() === 0) {
      expect(r.code, r.stderr).toBe(0);
      expect(uploaded()).toContain('secret-ish.txt');
      return;
    }
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: cannot read secret-ish\.txt \(permission denied\); nothing was sent$/m);
    expect(r.stderr).not.toMatch(/unexpected error|at .*\.js:\d+/);
    expect(requestLines(h.sim)).toEqual([]);
  });

  it('a symbolic link is left out with a warning, never followed', async () => {
    const dir = source({ Dockerfile: 'FROM x' });
    const outside = source({ 'id_rsa_copy.txt': 'PRIVATE' });
    symlinkSync(join(outside, 'id_rsa_copy.txt'), join(dir, 'link.txt'));
    const r = await h.cli(['serverless', 'deploy', 'web', '--dir', dir]);
    expect(r.code, r.stderr).toBe(0);
    expect(uploaded()).toEqual(['Dockerfile']);
    expect(r.stderr).toMatch(/^warning: left out 1 link or special file: link\.txt$/m);
  });
});

describe('the handle check of a packed file', () => {
  const plan = async (dir: string) => (await planDirectory(dir, { gitignore: true, dockerignore: false, includeNodeModules: false, include: [] })).files;

  it('a file replaced by a symbolic link between the walk and the open is refused (O_NOFOLLOW)', async () => {
    const dir = source({ 'app.js': 'ok' });
    const target = source({ id_rsa: 'PRIVATE KEY' });
    const [file] = await plan(dir);
    renameSync(join(dir, 'app.js'), join(dir, 'old.js'));
    symlinkSync(join(target, 'id_rsa'), join(dir, 'app.js'));
    await expect(openPlanned(dir, file!)).rejects.toMatchObject({ exitCode: 2, message: 'app.js changed while it was packed (it is now a symbolic link); nothing was sent' });
  });

  it('a file replaced by another file, or one whose size changed, is refused', async () => {
    const dir = source({ 'a.js': 'one', 'b.js': 'two' });
    const [a, b] = await plan(dir);
    renameSync(join(dir, 'a.js'), join(dir, 'gone.js'));
    writeFileSync(join(dir, 'a.js'), 'one');
    await expect(openPlanned(dir, a!)).rejects.toMatchObject({ exitCode: 2, message: 'a.js changed while it was packed (it was replaced by another file); nothing was sent' });
    writeFileSync(join(dir, 'b.js'), 'two and more');
    await expect(openPlanned(dir, b!)).rejects.toMatchObject({ exitCode: 2, message: 'b.js changed while it was packed (its size went from 3 to 12 bytes); nothing was sent' });
  });

  it('a directory above the file swapped for a link: the file found there is another inode, refused', async () => {
    const dir = source({ 'src/app.js': 'ok' });
    const elsewhere = source({ 'app.js': 'ok' });
    const [file] = await plan(dir);
    renameSync(join(dir, 'src'), join(dir, 'src-old'));
    symlinkSync(elsewhere, join(dir, 'src'));
    await expect(openPlanned(dir, file!)).rejects.toMatchObject({ exitCode: 2, message: expect.stringContaining('src/app.js changed while it was packed') });
  });
});
