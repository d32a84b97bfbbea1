// scripts/deferred-builtins.mjs: built-in modules that undici and commander require at load
// but use only on paths infra never takes get a stand-in in the CLI bundle. This proves that a
// real command over http: loads none of them (nor what they bring), that each importer still
// reads at load only what its stand-in holds (fails when an undici or commander upgrade starts
// using the module at load: then review scripts/deferred-builtins.mjs), and that what a
// stand-in holds is what the real module has on this Node.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../helpers/cli.js';
import { SEED_IDS, simEnv, useSimulator, type Simulator } from '../helpers/sim.js';

interface Deferred {
  importer: string;
  module: string;
  held: Record<string, unknown>;
}
const { DEFERRED_BUILTINS } = (await import(join(ROOT, 'scripts', 'deferred-builtins.mjs'))) as { DEFERRED_BUILTINS: Deferred[] };
const require = createRequire(import.meta.url);

/** What a deferred module brings with it, none of which a plain http: command needs. */
const NEVER_LOADED = ['http2', 'tls', 'crypto', 'child_process', 'internal/fs/promises'];

let sim: Simulator;
useSimulator((s) => (sim = s));

/** The built-in modules loaded by the end of a bin/infra run (process.moduleLoadList). */
async function builtinsLoaded(argv: string[]): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'infra-deferred-'));
  const out = join(dir, 'loaded.json');
  writeFileSync(join(dir, 'probe.cjs'), `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(process.moduleLoadList)));`);
  const child = spawn(process.execPath, ['-r', join(dir, 'probe.cjs'), BIN, ...argv], {
    env: { PATH: process.env.PATH ?? '', INFRA_CONFIG_DIR: join(dir, 'config'), INFRA_CACHE_DIR: join(dir, 'cache'), ...simEnv(sim) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve, reject) => child.on('error', reject).on('close', resolve));
  expect(code, stderr).toBe(0);
  return (JSON.parse(readFileSync(out, 'utf8')) as string[]).filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice('NativeModule '.length));
}

describe('built-ins deferred in the CLI bundle', () => {
  it.each([[['vps', 'list', '--json']], [['serverless', 'list']], [['database', 'credentials', SEED_IDS.postgres]]])('%j over http: loads none of them', async (argv) => {
    const loaded = await builtinsLoaded(argv);
    expect(loaded).toContain('http'); // (the probe sees the request's modules)
    for (const name of NEVER_LOADED) expect(loaded, name).not.toContain(name);
  });

  it.each(DEFERRED_BUILTINS.map((d) => [d.importer, d.module, d] as const))('%s reads of %s at load only what its stand-in holds', (_importer, module, d) => {
    // The importer loaded alone, with the module replaced by a recorder of what is read of it.
    const script = `
const Module = require('node:module');
const read = new Set();
const load = Module._load;
Module._load = function (request, ...rest) {
  if (request === ${JSON.stringify(module)}) return new Proxy({}, { get: (_, key) => { read.add(String(key)); return new Proxy(() => {}, { get: () => undefined }); } });
  return load.call(this, request, ...rest);
};
require(${JSON.stringify(join(ROOT, 'node_modules', d.importer))});
process.stdout.write(JSON.stringify([...read]));
`;
    const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const readAtLoad = JSON.parse(r.stdout) as string[];
    expect(readAtLoad.filter((key) => !Object.hasOwn(d.held, key) && key !== '__esModule')).toEqual([]);
  });

  it.each(DEFERRED_BUILTINS.map((d) => [d.module, d] as const))('what the stand-in of %s holds equals the real module on this Node', (module, d) => {
    const real = require(module) as Record<string, unknown>;
    for (const [key, value] of Object.entries(d.held)) expect(value, `${module}.${key}`).toEqual({ ...(real[key] as object) });
  });
});
