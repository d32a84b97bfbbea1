// Where the start-up of a real command goes: CPU profiles (node --cpu-prof) of `infra vps list
// --json` against `infra sim` and of `node -e 0`; each sample is attributed to the source file
// of the nearest bundle frame on its stack (the bundle keeps a `"@module <path>";` statement before
// each module), so Node work a module asks for (loading built-ins, sockets, files) counts for
// that module; samples summed into groups, shown per run and as the difference to `node -e 0`. Separates what the command
// layer costs (commander, src/cli, src/commands) from the client's (undici, zod, src/client)
// and Node's own work (module loading, compiling the bundle, GC). Needs a build.
// Usage: node scripts/bench-startup-profile.mjs [--runs N] [-- infra args...]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin', 'infra');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 10;
const dash = process.argv.indexOf('--');
const ARGS = dash > 0 ? process.argv.slice(dash + 1) : ['vps', 'list', '--json'];

const work = mkdtempSync(join(tmpdir(), 'infra-startup-profile-'));
const env = { PATH: process.env.PATH ?? '', HOME: work, INFRA_CONFIG_DIR: join(work, 'config'), ...(process.env.NODE_EXTRA_CA_CERTS ? { NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS } : {}) };

/** Where each module of a bundle file starts ([{line, column, path}] in order), per file URL. */
const moduleMaps = new Map();
const WRAPPER = createRequire(import.meta.url)('node:module').wrapper[0];
function sourceOf(url, line, column) {
  // file:// URLs from Node's loaders; plain paths from the code cache's vm.Script
  if (!(url.startsWith('file://') || url.startsWith('/')) || !url.includes('/dist/')) return undefined;
  let map = moduleMaps.get(url);
  if (!map) {
    map = [];
    readFileSync(url.startsWith('/') ? url : fileURLToPath(url), 'latin1')
      .split('\n')
      .forEach((text, i) => {
        for (const m of text.matchAll(/"@module (\S+\.(?:ts|js|mjs|cjs|json))"/g)) map.push({ line: i, column: m.index, path: m[1].replace(/^(\.\.\/)+main\//, '') });
      });
    moduleMaps.set(url, map);
  }
  // A chunk file is compiled inside Node's module wrapper (its first line shifted right by
  // it); the pack as it is.
  const at = line === 0 && !url.endsWith('/pack.cjs') ? column - WRAPPER.length : column;
  let hit;
  for (const r of map) if (r.line < line || (r.line === line && r.column <= at)) hit = r;
  return hit?.path ?? 'bundle glue';
}

const GROUPS = [
  ['command layer: commander', (p) => p.includes('node_modules/commander/')],
  ['command layer: src/cli, src/commands', (p) => p.startsWith('src/cli/') || p.startsWith('src/commands/') || p.startsWith('src/shared/')],
  ['client: undici (JS)', (p) => p.includes('node_modules/undici/')],
  ['client: zod', (p) => p.includes('node_modules/zod/')],
  ['client: src/client', (p) => p.startsWith('src/client/')],
  ['output: src/output', (p) => p.startsWith('src/output/')],
  ['other dependencies', (p) => p.includes('node_modules/')],
  ['other bundle code', () => true],
];

/** The group of a sample: the bundle code it ran in or was called from (the nearest bundle frame up its stack), else what Node or V8 was doing. */
function group(node, parentOf) {
  const { functionName, url } = node.callFrame;
  if (functionName === '(garbage collector)') return 'V8: garbage collection';
  if (functionName === '(idle)') return 'idle (waiting: network, timers, exit)';
  if (functionName === '(program)') return 'V8/native: (program)';
  if (/wasm/i.test(functionName) || url.startsWith('wasm')) return 'client: undici HTTP parser (WebAssembly)';
  for (let n = node; n; n = parentOf.get(n.id)) {
    // Loading a chunk (reading it, compiling it or taking its code cache) is done under the
    // importing chunk's require() call: it belongs to the loader, not to that chunk's code.
    const { url: at, functionName: fn } = n.callFrame;
    if (fn === 'compileForInternalLoader' || at.startsWith('node:internal/bootstrap/')) return 'Node: loading built-in modules (node:http2, node:tls, ...)';
    if (at.startsWith('node:internal/modules/cjs/') || at.endsWith('/bin/code-cache.cjs') || fn === 'Script' || fn === 'compileFunctionForCJSLoader')
      return 'Node: loading the bundle (CommonJS loader, compile, code cache)';
    const src = sourceOf(n.callFrame.url, n.callFrame.lineNumber, n.callFrame.columnNumber);
    if (src) return GROUPS.find(([, test]) => test(src))[0];
    if (n.callFrame.url.includes('/bin/infra')) break;
  }
  if (functionName === 'compileSourceTextModule' || functionName === 'compileFunction' || functionName === 'Script' || functionName === 'compileFunctionForCJSLoader')
    return 'Node: compiling the bundle';
  if (url.includes('modules/esm') || url.includes('modules/run_main')) return 'Node: ESM loader';
  if (functionName === 'compileForInternalLoader') return 'Node: loading built-in modules (by bin/infra or the loader)';
  return 'Node: start-up and exit (no bundle code on the stack)';
}

function summarize(dir) {
  const totals = new Map();
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  for (const f of files) {
    const p = JSON.parse(readFileSync(join(dir, f), 'utf8'));
    const byId = new Map(p.nodes.map((n) => [n.id, n]));
    const parentOf = new Map();
    for (const n of p.nodes) for (const c of n.children ?? []) parentOf.set(c, n);
    for (let i = 0; i < p.samples.length; i++) {
      const g = group(byId.get(p.samples[i]), parentOf);
      totals.set(g, (totals.get(g) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
    }
  }
  for (const [k, v] of totals) totals.set(k, v / files.length);
  return totals;
}

function profile(name, args, extraEnv = {}) {
  const dir = join(work, name);
  for (let i = 0; i < RUNS; i++) {
    const r = spawnSync(process.execPath, ['--cpu-prof', '--cpu-prof-interval', '200', '--cpu-prof-dir', dir, ...args], { env: { ...env, ...extraEnv }, stdio: ['ignore', 'ignore', 'pipe'] });
    if (r.status !== 0) throw new Error(`${name}: exit ${r.status}: ${r.stderr}`);
  }
  return summarize(dir);
}

let sim;
try {
  sim = spawn(process.execPath, [BIN, 'sim', '--port', '0', '--json'], { env, stdio: ['ignore', 'pipe', 'ignore'] });
  const { url, tokens } = JSON.parse(
    await new Promise((resolve, reject) => {
      sim.once('exit', (code) => reject(new Error(`infra sim exited ${code}`)));
      createInterface({ input: sim.stdout }).once('line', resolve);
    }),
  );
  const base = profile('node', ['-e', '0']);
  const cmd = profile('infra', [BIN, ...ARGS], { INFRA_API_URL: url, INFRA_TOKEN: tokens.admin });
  const names = [...new Set([...cmd.keys(), ...base.keys()])];
  const rows = names.map((n) => ({ n, cmd: cmd.get(n) ?? 0, base: base.get(n) ?? 0 })).sort((a, b) => b.cmd - b.base - (a.cmd - a.base));
  const sum = (k) => rows.reduce((s, r) => s + r[k], 0);
  console.log(
    `start-up profile of \`infra ${ARGS.join(' ')}\` (node ${process.version}, ${RUNS} profiled runs each, mean ms of CPU-profile samples; NODE_EXTRA_CA_CERTS ${env.NODE_EXTRA_CA_CERTS ? 'set' : 'unset'})`,
  );
  console.log(`  ${'where'.padEnd(44)} ${'infra'.padStart(7)} ${'node -e 0'.padStart(10)} ${'above'.padStart(7)}`);
  for (const r of rows)
    if (Math.abs(r.cmd) >= 0.5 || Math.abs(r.base) >= 0.5)
      console.log(`  ${r.n.padEnd(44)} ${r.cmd.toFixed(1).padStart(7)} ${r.base.toFixed(1).padStart(10)} ${(r.cmd - r.base).toFixed(1).padStart(7)}`);
  console.log(
    `  ${'total (profiled time, not wall time)'.padEnd(44)} ${sum('cmd').toFixed(1).padStart(7)} ${sum('base').toFixed(1).padStart(10)} ${(sum('cmd') - sum('base')).toFixed(1).padStart(7)}`,
  );
} finally {
  sim?.kill();
  rmSync(work, { recursive: true, force: true });
}
