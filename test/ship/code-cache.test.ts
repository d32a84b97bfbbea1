// The compile cache (bin/code-cache.cjs, on every Node) through the real
// bin/infra: it is written by a command that ran, used by the next, and whatever happens to
// it (corrupt or truncated files, an unwritable directory, no HOME at all) changes nothing but
// speed: same exit code, same stdout, same stderr, same requests as a run with no cache.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../helpers/cli.js';
import { requestLines, SEED_IDS, simEnv, useSimulator, type Simulator } from '../helpers/sim.js';

const codeCache = nodeModule.createRequire(import.meta.url)(join(ROOT, 'bin', 'code-cache.cjs')) as {
  cacheRoot(env: Record<string, string | undefined>): string | undefined;
  decode(file: Buffer): Buffer | undefined;
  decodeEntry(file: Buffer): { data: Buffer; note: string } | undefined;
  encode(data: Buffer, note?: string): Buffer;
};

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  requests: string[];
}

let sim: Simulator;
useSimulator((s) => (sim = s));

/** bin/infra with exactly `env` (no inherited HOME unless given), and what the server saw. */
function infra(argv: string[], env: Record<string, string>): Promise<Run> {
  sim.requests.length = 0;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...argv], {
      env: { PATH: process.env.PATH ?? '', INFRA_CONFIG_DIR: join(scratch(), 'config'), ...simEnv(sim), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr, requests: requestLines(sim) }));
  });
}

function scratch(): string {
  return mkdtempSync(join(tmpdir(), 'infra-code-cache-'));
}

/** Every file under `dir`. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile());
}

const COMMANDS: string[][] = [
  ['vps', 'list', '--json'],
  ['serverless', 'list', '--json'], // (the table's "ago" column moves with the real clock)
  ['database', 'credentials', SEED_IDS.postgres],
];

const reference = new Map<string, Run>();

function expectSameAsReference(argv: string[], run: Run): void {
  const ref = reference.get(argv.join(' '))!;
  expect(ref.code, ref.stderr).toBe(0);
  expect({ code: run.code, stdout: run.stdout, stderr: run.stderr, requests: run.requests }).toEqual({ code: ref.code, stdout: ref.stdout, stderr: ref.stderr, requests: ref.requests });
}

describe('the compile cache through bin/infra', () => {
  // What each command prints and sends with no cache at all, in the world of this test (the
  // simulator is reset before each): the reference for every case.
  beforeEach(async () => {
    for (const argv of COMMANDS) reference.set(argv.join(' '), await infra(argv, { INFRA_CACHE_DIR: '/dev/null/no-cache' }));
  }, 60_000);

  it('is written by a command that ran, read by the next, and changes no output', async () => {
    const dir = join(scratch(), 'cache');
    // Node's compile cache, which earlier versions kept here on Node 22.8+, goes.
    mkdirSync(join(dir, 'node-compile-cache', 'v22.9.0-x64-0'), { recursive: true });
    writeFileSync(join(dir, 'node-compile-cache', 'v22.9.0-x64-0', 'entry'), 'old');
    for (const argv of COMMANDS) expectSameAsReference(argv, await infra(argv, { INFRA_CACHE_DIR: dir }));
    const files = filesUnder(dir);
    expect(files.length).toBeGreaterThan(5);
    const written = new Map(files.map((f) => [f, statSync(f).mtimeMs]));
    for (const argv of COMMANDS) expectSameAsReference(argv, await infra(argv, { INFRA_CACHE_DIR: dir }));
    // A file is written only when V8 had none or refused it: untouched means used.
    expect(new Map(filesUnder(dir).map((f) => [f, statSync(f).mtimeMs]))).toEqual(written);
    // One directory for this Node, options and build; every file a checked entry.
    expect(readdirSync(dir)).toHaveLength(1);
    expect(readdirSync(dir)[0]).toMatch(new RegExp(`^v8-${process.version}-${process.arch}-[0-9a-f]{8}-[0-9a-f]{8}-${readFileSync(join(ROOT, 'dist', 'cli', 'build-id'), 'utf8').trim()}$`));
    for (const f of files) expect(codeCache.decode(readFileSync(f)), f).toBeDefined();
  }, 60_000);

  it('the pack: one entry for the chunks nearly every command loads, made again when a run uses members it lacks', async () => {
    const dir = join(scratch(), 'cache');
    const packEntry = () => filesUnder(dir).find((f) => f.endsWith('pack.cjs.v8'))!;
    const noted = () => codeCache.decodeEntry(readFileSync(packEntry()))!.note.split('\n');
    // A command that needs no API client first: the entry has only what it ran.
    expect((await infra(['config', 'path'], { INFRA_CACHE_DIR: dir })).code).toBe(0);
    const first = noted();
    expect(first).toContain('main.cjs');
    const vps = ['vps', 'list', '--json'];
    expectSameAsReference(vps, await infra(vps, { INFRA_CACHE_DIR: dir }));
    const second = noted();
    expect(second).toEqual(expect.arrayContaining(first));
    expect(second.length).toBeGreaterThan(first.length);
    // Nothing new: the entry stays as it is.
    const made = statSync(packEntry()).mtimeMs;
    expectSameAsReference(vps, await infra(vps, { INFRA_CACHE_DIR: dir }));
    expect((await infra(['config', 'path'], { INFRA_CACHE_DIR: dir })).code).toBe(0);
    expect(statSync(packEntry()).mtimeMs).toBe(made);
  }, 60_000);

  it("a command's chunks are loaded without Node's module resolution: only bin/infra's own requires reach it", async () => {
    // What Node's loader was asked to resolve, recorded by a preloaded probe.
    const probeDir = scratch();
    const out = join(probeDir, 'resolved.json');
    writeFileSync(
      join(probeDir, 'probe.cjs'),
      `const Module = require('node:module');
const asked = [];
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) { asked.push(request); return resolve.call(this, request, ...rest); };
process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(asked)));`,
    );
    const dir = join(scratch(), 'cache');
    for (const argv of [...COMMANDS, ...COMMANDS]) {
      const run = await new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
        const child = spawn(process.execPath, ['-r', join(probeDir, 'probe.cjs'), BIN, ...argv], {
          env: { PATH: process.env.PATH ?? '', INFRA_CONFIG_DIR: join(probeDir, 'config'), INFRA_CACHE_DIR: dir, ...simEnv(sim) },
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let stdout = '';
        child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
        child.on('error', reject).on('close', (code) => resolve({ code, stdout }));
      });
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(reference.get(argv.join(' '))!.stdout);
      // The first two: bin/infra itself (Node's main module), ./code-cache.cjs, ../dist/cli/main.cjs.
      const asked = (JSON.parse(readFileSync(out, 'utf8')) as string[]).filter((r) => !r.startsWith('node:'));
      expect(asked.slice(1), argv.join(' ')).toEqual(['./code-cache.cjs', '../dist/cli/main.cjs']);
    }
    // (and the cache was written, then used: the chunks came through it)
    expect(filesUnder(dir).some((f) => f.endsWith('pack.cjs.v8'))).toBe(true);
  }, 60_000);

  it('corrupt, truncated or foreign cache files: same output, and our own files are rewritten whole', async () => {
    const dir = join(scratch(), 'cache');
    for (const argv of COMMANDS) await infra(argv, { INFRA_CACHE_DIR: dir });
    const files = filesUnder(dir);
    files.forEach((f, i) => {
      const bytes = readFileSync(f);
      const middle = Math.floor(bytes.length / 2);
      if (i % 3 === 0)
        writeFileSync(f, bytes.fill(0x5a, middle, middle + 64)); // bytes changed in the payload
      else if (i % 3 === 1)
        writeFileSync(f, bytes.subarray(0, Math.floor(bytes.length / 3))); // cut short
      else writeFileSync(f, 'not a cache at all');
    });
    expect(files.length).toBeGreaterThan(2);
    for (const argv of COMMANDS) expectSameAsReference(argv, await infra(argv, { INFRA_CACHE_DIR: dir }));
    for (const f of filesUnder(dir)) expect(codeCache.decode(readFileSync(f)), f).toBeDefined();
  }, 60_000);

  it('an unwritable cache location (read-only directory, a file in the way): same output, nothing written', async () => {
    const base = scratch();
    const readOnly = join(base, 'read-only');
    mkdirSync(readOnly);
    chmodSync(readOnly, 0o500);
    writeFileSync(join(base, 'a-file'), '');
    for (const where of [join(readOnly, 'cache'), join(base, 'a-file', 'cache')]) {
      for (const argv of COMMANDS) expectSameAsReference(argv, await infra(argv, { INFRA_CACHE_DIR: where }));
    }
    // (root ignores permission bits: there the read-only case writes, which is fine.)
    if (process.getuid?.() !== 0) expect(filesUnder(readOnly)).toEqual([]);
  }, 60_000);

  it('no HOME, XDG_CACHE_HOME or INFRA_CACHE_DIR (or relative ones): same output', async () => {
    for (const env of [{}, { HOME: 'relative/home', XDG_CACHE_HOME: 'relative/cache' }] as Record<string, string>[]) {
      for (const argv of COMMANDS) expectSameAsReference(argv, await infra(argv, env));
    }
  }, 60_000);

  it('XDG_CACHE_HOME/infra, else ~/.cache/infra', async () => {
    const home = scratch();
    await infra(['vps', 'list', '--json'], { HOME: home });
    expect(filesUnder(join(home, '.cache', 'infra')).length).toBeGreaterThan(0);
    const xdg = scratch();
    await infra(['vps', 'list', '--json'], { HOME: home, XDG_CACHE_HOME: xdg });
    expect(filesUnder(join(xdg, 'infra')).length).toBeGreaterThan(0);
  }, 60_000);

  it('help and version requests write nothing, even those answered by the bundle', async () => {
    const dir = join(scratch(), 'cache');
    for (const argv of [['--version'], ['--help'], ['vps', 'list', '--help'], ['help', 'vps'], ['--help', '--no-color'], ['vps', '--version', '--json']]) await infra(argv, { INFRA_CACHE_DIR: dir });
    expect(filesUnder(dir)).toEqual([]);
  }, 60_000);
});

describe('cache locations and entries', () => {
  it.each([
    [{ INFRA_CACHE_DIR: '/x/c', XDG_CACHE_HOME: '/x/xdg', HOME: '/x/h' }, '/x/c'],
    [{ XDG_CACHE_HOME: '/x/xdg', HOME: '/x/h' }, '/x/xdg/infra'],
    [{ XDG_CACHE_HOME: 'relative', HOME: '/x/h' }, '/x/h/.cache/infra'],
    [{ HOME: '/x/h' }, '/x/h/.cache/infra'],
    [{ HOME: 'relative' }, undefined],
    [{}, undefined],
  ])('cacheRoot(%j) = %s', (env, expected) => {
    expect(codeCache.cacheRoot(env)).toBe(expected);
  });

  it('an entry decodes to its payload (and note); any change to it does not decode', () => {
    const payload = Buffer.from('some V8 code cache bytes '.repeat(20));
    const entry = codeCache.encode(payload, 'main.cjs\nchunks/a.cjs');
    expect(codeCache.decode(entry)).toEqual(payload);
    expect(codeCache.decodeEntry(entry)).toEqual({ data: payload, note: 'main.cjs\nchunks/a.cjs' });
    expect(codeCache.decodeEntry(codeCache.encode(payload))).toEqual({ data: payload, note: '' });
    const changes: Buffer[] = [entry.subarray(0, entry.length - 1), Buffer.concat([entry, Buffer.from('x')]), Buffer.alloc(0), entry.subarray(0, 10)];
    for (const i of [0, 9, 15, 19, 25, entry.length - 1]) {
      const flipped = Buffer.from(entry);
      flipped[i] = flipped[i]! ^ 0xff;
      changes.push(flipped);
    }
    for (const changed of changes) expect(codeCache.decode(changed)).toBeUndefined();
  });
});
