// An unreadable file in the deploy directory, through bin/infra run as an unprivileged user:
// tests run as root in CI, and root reads every file whatever its mode, so the process is
// started as `nobody` (a root test process may do that) to see what a person sees.
import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { CONTAINER_ID, slowServer, type SlowServer } from './upload-server.js';

const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;

let server: SlowServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A directory anyone may enter and write to (the command's config and cache for `nobody`). */
function openDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'infra-nobody-'));
  chmodSync(dir, 0o777);
  return dir;
}

/** Whether others may run `path`: the file and every directory above it let them through. */
function othersMayRun(path: string): boolean {
  for (let p = path; ; p = dirname(p)) {
    if ((statSync(p).mode & 0o001) === 0) return false;
    if (dirname(p) === p) return true;
  }
}

/**
 * The node to start as `nobody`: this one, unless it lives in a directory only root may enter
 * (CI installs its second Node in a private temporary folder), then a copy in an open one.
 */
function nodeForOthers(): string {
  if (othersMayRun(process.execPath)) return process.execPath;
  const copy = join(openDir(), 'node');
  copyFileSync(process.execPath, copy);
  chmodSync(copy, 0o755);
  return copy;
}

function runAs(uid: number | undefined, argv: string[], env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(uid === undefined ? process.execPath : nodeForOthers(), [BIN, ...argv], {
      env: { PATH: process.env.PATH ?? '', HOME: openDir(), XDG_CACHE_HOME: openDir(), INFRA_CONFIG_DIR: openDir(), ...env },
      ...(uid === undefined ? {} : { uid, gid: uid }),
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // A process that cannot start (EACCES) is a failed assertion below, never a hang.
    child.on('error', (err) => resolve({ code: null, stderr: `${stderr}${err.message}` }));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('an unreadable file in the deploy directory', () => {
  it('one line naming it (not "unexpected error"), exit 2, nothing sent', async () => {
    server = await slowServer({ bytesPerSecond: 64 * 1024 * 1024 });
    const dir = openDir();
    writeFileSync(join(dir, 'Dockerfile'), 'FROM x');
    chmodSync(join(dir, 'Dockerfile'), 0o644);
    writeFileSync(join(dir, 'private.txt'), 'x');
    chmodSync(join(dir, 'private.txt'), 0o000);
    // As root the process is started as nobody; as anyone else, the file is unreadable already.
    const r = await runAs(asRoot ? NOBODY : undefined, ['serverless', 'deploy', CONTAINER_ID, '--dir', dir], { INFRA_API_URL: server.url, INFRA_TOKEN: 'test-token' });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/^error: cannot read private\.txt \(permission denied\); nothing was sent$/m);
    expect(r.stderr).toMatch(/^hint: make it readable, or leave it out with a line in \.infraignore$/m);
    expect(r.stderr).not.toMatch(/unexpected error|EACCES/);
    expect(server.received).toEqual([]);
  });
});
