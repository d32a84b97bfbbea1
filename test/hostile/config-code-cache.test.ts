// The code cache runs what it holds: V8 takes a cache entry's bytecode in place of the source
// when only the length matches. These tests forge an entry the way an attacker with write
// access to the cache directory would (the same build, one message changed, same length),
// and check that infra runs it only from a directory that is the user's own and nobody
// else's to write. A positive control shows the forgery would run from a trusted directory,
// so the refusals are what stops it. Also: two installs never share entries.
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, copyFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ROOT } from '../helpers/cli.js';

// Each test starts several real processes; on a loaded 2-core runner that outlasts the 20 s default.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });

const ORIGINAL = 'refusing plain http';
const FORGED = 'FORGED!! plain http';

function scratch(): string {
  return mkdtempSync(join(tmpdir(), 'infra-hostile-cache-'));
}

/** `bin/infra` of an install, with exactly this environment; no network (the URL is refused before any connection). */
function refusedRun(bin: string, cacheDir: string, extra: string[] = []) {
  const r = spawnSync(process.execPath, [bin, '--api-url', 'http://example.invalid', ...extra, 'vps', 'list'], {
    env: { PATH: process.env.PATH ?? '', INFRA_CONFIG_DIR: join(scratch(), 'config'), INFRA_CACHE_DIR: cacheDir },
    encoding: 'utf8',
  });
  return { code: r.status, stderr: r.stderr };
}

/** A copy of this install (bin/ and dist/) at another path. */
function copyInstall(): string {
  const at = scratch();
  cpSync(join(ROOT, 'bin'), join(at, 'bin'), { recursive: true });
  cpSync(join(ROOT, 'dist'), join(at, 'dist'), { recursive: true });
  return at;
}

const v8Dirs = (root: string) => readdirSync(root).filter((d) => d.startsWith('v8-'));

let forgedEntries: string;
let victimRoot: string;
let victimDir: string;

beforeAll(() => {
  // The attacker's copy: same build id, the refusal's message changed in every file that holds it.
  const attacker = copyInstall();
  for (const rel of ['dist/cli/pack.cjs', ...readdirSync(join(attacker, 'dist/cli/chunks')).map((f) => `dist/cli/chunks/${f}`)]) {
    const file = join(attacker, rel);
    const text = readFileSync(file, 'latin1');
    if (text.includes(ORIGINAL)) writeFileSync(file, text.replaceAll(ORIGINAL, FORGED), 'latin1');
  }
  const attackerCache = scratch();
  expect(refusedRun(join(attacker, 'bin', 'infra'), attackerCache).stderr).toContain(FORGED);
  forgedEntries = join(attackerCache, v8Dirs(attackerCache)[0]!);
  // The victim's own cache directory for this install, made by a run of its own.
  victimRoot = scratch();
  expect(refusedRun(join(ROOT, 'bin', 'infra'), victimRoot).stderr).toContain(ORIGINAL);
  victimDir = join(victimRoot, v8Dirs(victimRoot)[0]!);
});

/** The forged entries put in place of the victim's own, under the victim's names. */
function plantForgery(): void {
  chmodSync(victimDir, 0o700);
  chownSync(victimDir, process.getuid!(), process.getgid!());
  for (const f of readdirSync(forgedEntries)) copyFileSync(join(forgedEntries, f), join(victimDir, f));
}

describe.runIf(process.platform !== 'win32')('a forged code cache entry', () => {
  it('control: from a directory that is the user own, 0700, the forged entry does run (so the checks below are what stops it)', () => {
    plantForgery();
    expect(refusedRun(join(ROOT, 'bin', 'infra'), victimRoot).stderr).toContain(FORGED);
  });

  it('from a cache directory writable by others: not read (same output as no cache), said under --debug', () => {
    plantForgery();
    chmodSync(victimDir, 0o777);
    const r = refusedRun(join(ROOT, 'bin', 'infra'), victimRoot);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain(FORGED);
    expect(r.stderr).toMatch(/^error: refusing plain http to example\.invalid/m);
    expect(r.stderr).not.toMatch(/debug:/);
    const traced = refusedRun(join(ROOT, 'bin', 'infra'), victimRoot, ['--debug']);
    expect(traced.stderr).toMatch(/^debug: code cache not used: .*others can write to it \(mode 777\)$/m);
    expect(traced.stderr).not.toContain(FORGED);
  });

  it('from a cache root writable by others: not read', () => {
    plantForgery();
    chmodSync(victimRoot, 0o777);
    try {
      const r = refusedRun(join(ROOT, 'bin', 'infra'), victimRoot, ['--debug']);
      expect(r.stderr).not.toContain(FORGED);
      expect(r.stderr).toMatch(/^debug: cache directory not used: .*others can write to it \(mode 777\)$/m);
    } finally {
      chmodSync(victimRoot, 0o700);
    }
  });

  it.runIf(process.getuid?.() === 0)('from a directory, or a file, owned by another user: not read', () => {
    plantForgery();
    chownSync(victimDir, 4242, 4242);
    expect(refusedRun(join(ROOT, 'bin', 'infra'), victimRoot).stderr).not.toContain(FORGED);
    plantForgery();
    for (const f of readdirSync(victimDir)) chownSync(join(victimDir, f), 4242, 4242);
    expect(refusedRun(join(ROOT, 'bin', 'infra'), victimRoot).stderr).not.toContain(FORGED);
  });
});

describe('the code cache is per install', () => {
  it('two installs of one build sharing a cache root keep separate entries', () => {
    const root = scratch();
    const other = copyInstall();
    expect(refusedRun(join(ROOT, 'bin', 'infra'), root).code).toBe(2);
    expect(refusedRun(join(other, 'bin', 'infra'), root).code).toBe(2);
    expect(v8Dirs(root)).toHaveLength(2);
  });
});
