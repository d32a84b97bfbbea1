// bin/infra keeps undici's WebAssembly HTTP parser on Liftoff code (no TurboFan tier-up), and
// sets those V8 flags at the first WebAssembly compile, not at start: V8 refuses any code cache
// made under other flags, Node's built-in modules' own included, so flags set at start made
// every built-in loaded afterwards (node:http, node:http2, node:tls, ...) compile from source.
// A preloaded probe records when the flags are set, which built-ins were loaded by then
// (process.moduleLoadList) and whether WebAssembly.Module is Node's own again afterwards.
// This fails when an undici upgrade compiles its parser another way (WebAssembly.compile...):
// then bin/infra's hook must follow it, or tier-up comes back (memory and CPU, see docs/performance.md).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { SEED_IDS, simEnv, useSimulator, type Simulator } from '../helpers/sim.js';

const PROBE = `
const v8 = require('node:v8');
const fs = require('node:fs');
const original = WebAssembly.Module;
const calls = [];
const set = v8.setFlagsFromString;
v8.setFlagsFromString = function (flag) {
  calls.push({ flag, builtins: process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13)) });
  return set.call(this, flag);
};
process.on('exit', () => fs.writeFileSync(process.env.PROBE_OUT, JSON.stringify({ calls, restored: WebAssembly.Module === original })));
`;

let sim: Simulator;
useSimulator((s) => (sim = s));

interface Probe {
  calls: { flag: string; builtins: string[] }[];
  restored: boolean;
}

/** bin/infra with the probe preloaded (the simulator runs in this process: no spawnSync). */
async function probe(argv: string[]): Promise<Probe> {
  const dir = mkdtempSync(join(tmpdir(), 'infra-wasm-flags-'));
  writeFileSync(join(dir, 'probe.cjs'), PROBE);
  const out = join(dir, 'probe.json');
  const child = spawn(process.execPath, ['-r', join(dir, 'probe.cjs'), BIN, ...argv], {
    env: { PATH: process.env.PATH ?? '', INFRA_CONFIG_DIR: join(dir, 'config'), INFRA_CACHE_DIR: join(dir, 'cache'), PROBE_OUT: out, ...simEnv(sim) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve, reject) => child.on('error', reject).on('close', resolve));
  expect(code, stderr).toBe(0);
  return JSON.parse(readFileSync(out, 'utf8')) as Probe;
}

describe('WebAssembly flags of bin/infra', () => {
  it.each([[['vps', 'list', '--json']], [['database', 'credentials', SEED_IDS.postgres]]])('%j: Liftoff only, set at the parser compile, after the built-ins the request needs', async (argv) => {
    const { calls, restored } = await probe(argv);
    const LIFTOFF = ['--liftoff-only', '--no-wasm-tier-up', '--no-wasm-dynamic-tiering'];
    const DEFAULTS = ['--no-liftoff-only', '--wasm-tier-up', '--wasm-dynamic-tiering'];
    const flags = calls.map((c) => c.flag);
    expect(flags.slice(0, 3)).toEqual(LIFTOFF);
    // Set when undici compiles its parser: at its first connection, with node:http loaded by then.
    expect(calls[0]!.builtins).toEqual(expect.arrayContaining(['http', 'net']));
    // Any switch back to the defaults (to make or read the code cache) is undone at once.
    for (let i = 3; i < flags.length; i += 6) expect(flags.slice(i, i + 6)).toEqual([...DEFAULTS, ...LIFTOFF]);
    expect(restored).toBe(true);
  });

  it('a command that makes no request sets no flag', async () => {
    const { calls } = await probe(['config', 'path']);
    expect(calls).toEqual([]);
  });
});
