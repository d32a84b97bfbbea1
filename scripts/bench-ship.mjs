// Benchmark of the shipped package: installed size of the packed tarball, bundle size, and the
// start-up of the installed `infra` against two floors measured in the same run on the same
// Node: `node -e 0` (for --version/--help, which never load the bundle) and one bare node:http
// GET + JSON.parse against the same simulator (for real commands: what any Node client pays).
// Interleaved repetitions, medians; peak memory (max RSS) in a separate pass. Runs on this Node
// and, when present, on Node 22 and Node 24 (npm install --no-save --prefix /tmp/node22 node@22,
// the same for 24; or INFRA_BENCH_NODE22=path, INFRA_BENCH_NODE24=path), side by side. NODE_EXTRA_CA_CERTS is unset on every side (it adds the same
// ~40 ms to each process and so flatters every ratio).
// Targets (docs/performance.md): --version and --help <= 1.2x node -e 0; a real command <= 1.5x the bare
// request on Node 20, <= 1.25x on Node 22+; its peak RSS <= 1.25x the bare request's.
// Usage: node scripts/bench-ship.mjs [--runs N] [--json] [--docs]  (--docs, or --readme, rewrites the
// table between the perf markers of docs/performance.md from this run). Needs a build (npm run build).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const arg = (name, fallback) => (process.argv.indexOf(name) > 0 ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const runs = Number(arg('--runs', 25));
const asJson = process.argv.includes('--json');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const DATABASE_ID = '5ac9f32f-5002-4d08-87c4-b9e6716d0bf9'; // orders-pg in the simulator's seed
const major = (version) => Number(version.replace(/^v/, '').split('.')[0]);

function bytes(dir) {
  let total = 0;
  let files = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      total += statSync(join(entry.parentPath ?? entry.path, entry.name)).size;
      files++;
    }
  }
  return { total, files };
}

function npm(args, cwd) {
  const r = spawnSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// The floor of a real command: one request with the CLI's headers, the body read and parsed.
const FLOOR = `const http = require('node:http');
http.get(process.env.INFRA_API_URL + '/api/v1/serverless', { headers: { authorization: 'Bearer ' + process.env.INFRA_TOKEN, accept: 'application/json' } }, (res) => {
  const parts = [];
  res.on('data', (c) => parts.push(c));
  res.on('end', () => { JSON.parse(Buffer.concat(parts).toString()); });
});
`;

function cases(bin, floor, env, apiEnv) {
  return [
    { name: 'node -e 0', args: ['-e', '0'], env },
    { name: 'bare request (node:http)', args: [floor], env: apiEnv },
    { name: 'infra --version', args: [bin, '--version'], env, base: 'node -e 0', target: () => 1.2 },
    { name: 'infra --help', args: [bin, '--help'], env, base: 'node -e 0', target: () => 1.2 },
    { name: 'infra serverless list', args: [bin, 'serverless', 'list'], env: apiEnv, base: 'bare request (node:http)', target: real, memory: true },
    { name: 'infra vps list --json', args: [bin, 'vps', 'list', '--json'], env: apiEnv, base: 'bare request (node:http)', target: real, memory: true },
    { name: 'infra database credentials', args: [bin, 'database', 'credentials', DATABASE_ID], env: apiEnv, base: 'bare request (node:http)', target: real, memory: true },
    // What the compile cache saves: the same command with no usable cache directory.
    { name: 'infra vps list --json, no cache', args: [bin, 'vps', 'list', '--json'], env: { ...apiEnv, INFRA_CACHE_DIR: '/dev/null/infra' }, base: 'bare request (node:http)' },
  ];
}
function real(node) {
  return major(node) >= 22 ? 1.25 : 1.5;
}

/** Peak RSS in KiB of one run, from GNU time (absent: undefined). */
function peakRss(node, c) {
  if (!existsSync('/usr/bin/time')) return undefined;
  const r = spawnSync('/usr/bin/time', ['-f', '%M', node, ...c.args], { env: c.env, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${c.name} exited ${r.status}: ${r.stderr}`);
  return Number(r.stderr.trim().split('\n').pop());
}

function measure(node, all) {
  const once = (c) => {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(node, c.args, { env: c.env, stdio: ['ignore', 'ignore', 'pipe'] });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (r.status !== 0) throw new Error(`${c.name} exited ${r.status}: ${r.stderr}`);
    return ms;
  };
  for (const c of all) once(c); // warm the file cache and the compile caches
  const times = all.map(() => []);
  // Interleaved, so that machine noise spreads evenly over the cases.
  for (let i = 0; i < runs; i++) all.forEach((c, k) => times[k].push(once(c)));
  const memRuns = Math.max(5, Math.round(runs / 4));
  const rss = all.map((c) => (c.memory || c.name.startsWith('bare') ? median(Array.from({ length: memRuns }, () => peakRss(node, c))) : undefined));
  const byName = new Map(all.map((c, k) => [c.name, { ms: median(times[k]), rss: rss[k] }]));
  return all.map((c) => {
    const { ms, rss: kb } = byName.get(c.name);
    const base = c.base ? byName.get(c.base) : undefined;
    const row = { name: c.name, median_ms: +ms.toFixed(1) };
    if (base) Object.assign(row, { base: c.base, ratio: +(ms / base.ms).toFixed(2) });
    if (c.target) Object.assign(row, { target: c.target(nodeVersion(node)), met: row.ratio <= c.target(nodeVersion(node)) });
    if (kb !== undefined) row.peak_rss_mb = +(kb / 1024).toFixed(1);
    if (c.memory && kb !== undefined && base?.rss) Object.assign(row, { rss_ratio: +(kb / base.rss).toFixed(2), rss_met: kb / base.rss <= 1.25 });
    return row;
  });
}

function nodeVersion(node) {
  return node === process.execPath ? process.version : spawnSync(node, ['-p', 'process.version'], { encoding: 'utf8' }).stdout.trim();
}

/** Markdown rows for the performance table of docs/performance.md, one line per Node. */
function readmeRows(results) {
  const lines = ['| what | target | ' + results.map((r) => `Node ${r.node.slice(1)}`).join(' | ') + ' |', '|---|---|' + results.map(() => '---|').join('')];
  const names = results[0].startup.map((s) => s.name).filter((n) => results[0].startup.find((s) => s.name === n).base);
  for (const name of names) {
    const cells = results.map((r) => {
      const s = r.startup.find((x) => x.name === name);
      const mem = s.rss_ratio !== undefined ? `; peak RSS ${s.peak_rss_mb} MB = ${s.rss_ratio.toFixed(2)}×${s.rss_met ? '' : ' **missed**'}` : '';
      return `${s.median_ms.toFixed(0)} ms = ${s.ratio.toFixed(2)}× ${s.target ? (s.met ? 'met' : '**missed**') : ''}${mem}`.replace(/ {2,}/g, ' ').trim();
    });
    const s0 = results[0].startup.find((x) => x.name === name);
    const target = s0.target
      ? `≤ ${results
          .map((r) => r.startup.find((x) => x.name === name).target)
          .filter((t, i, a) => a.indexOf(t) === i)
          .join(' / ')}× ${s0.base === 'node -e 0' ? '`node -e 0`' : 'bare request'}${s0.memory !== false && s0.rss_ratio !== undefined ? ', RSS ≤ 1.25×' : ''}`
      : `(${s0.base === 'node -e 0' ? '`node -e 0`' : 'bare request'})`;
    lines.push(`| \`${name.replace(/^infra /, 'infra ')}\` | ${target} | ${cells.join(' | ')} |`);
  }
  const floors = results.map(
    (r) => `Node ${r.node.slice(1)}: \`node -e 0\` ${r.startup[0].median_ms.toFixed(0)} ms, bare request ${r.startup[1].median_ms.toFixed(0)} ms (peak RSS ${r.startup[1].peak_rss_mb} MB)`,
  );
  return `${lines.join('\n')}\n\nFloors in the same run: ${floors.join('; ')}; ${runs} interleaved runs, medians.`;
}

const work = mkdtempSync(join(tmpdir(), 'infra-bench-ship-'));
let sim;
try {
  const packOut = npm(['pack', '--json', '--pack-destination', work], root);
  const packed = JSON.parse(packOut.slice(packOut.indexOf('[')))[0];
  const prefix = join(work, 'prefix');
  npm(['install', '--global', '--offline', '--prefix', prefix, join(work, packed.filename)], work);
  const installed = realpathSync(join(prefix, 'lib', 'node_modules', pkg.name));
  const bin = join(installed, 'bin', 'infra');
  const floor = join(work, 'bare-request.cjs');
  writeFileSync(floor, FLOOR);
  const installedSize = bytes(installed);
  const dist = bytes(join(root, 'dist'));
  const mainJs = statSync(join(root, 'dist', 'cli', 'main.cjs')).size;

  const env = { PATH: process.env.PATH, HOME: work, INFRA_CONFIG_DIR: join(work, 'config') };
  sim = spawn(process.execPath, [bin, 'sim', '--port', '0', '--json'], { env, stdio: ['ignore', 'pipe', 'ignore'] });
  const first = await new Promise((resolve, reject) => {
    sim.on('exit', (code) => reject(new Error(`infra sim exited ${code}`)));
    createInterface({ input: sim.stdout }).once('line', resolve);
  });
  const { url, tokens } = JSON.parse(first);
  const apiEnv = { ...env, INFRA_API_URL: url, INFRA_TOKEN: tokens.admin };

  // This Node, then Node 22 and 24 when installed and not the same major as this one.
  const others = [22, 24]
    .filter((m) => m !== major(process.version))
    .map((m) => process.env[`INFRA_BENCH_NODE${m}`] ?? `/tmp/node${m}/node_modules/.bin/node`)
    .filter((node) => existsSync(node));
  const nodes = [process.execPath, ...others];
  const results = nodes.map((node) => ({ node: nodeVersion(node), startup: measure(node, cases(bin, floor, env, apiEnv)) }));

  const result = {
    runs,
    tarball_bytes: packed.size,
    installed_bytes: installedSize.total,
    installed_files: installedSize.files,
    bundle_bytes: dist.total,
    bundle_files: dist.files,
    main_js_bytes: mainJs,
    results,
  };
  if (asJson) {
    console.log(JSON.stringify(result, null, 2));
  } else {
    const kb = (n) => `${(n / 1024).toFixed(0)} KiB`;
    console.log(`ship (${runs} interleaved runs per case, medians; NODE_EXTRA_CA_CERTS unset)`);
    console.log(`  tarball            ${kb(result.tarball_bytes)}`);
    console.log(`  installed package  ${kb(result.installed_bytes)} in ${result.installed_files} files (self-contained, no node_modules)`);
    console.log(`  bundle dist/       ${kb(result.bundle_bytes)} in ${result.bundle_files} files (cli/main.cjs ${kb(mainJs)})`);
    // The README's wording, to copy (test/e2e/first-hour-install.test.ts checks the README against a measurement).
    console.log(`  README             ${(result.installed_bytes / 1e6).toFixed(1)} MB installed, a ${Math.round(result.tarball_bytes / 1e3)} KB tarball`);
    for (const r of results) {
      console.log(`  node ${r.node}`);
      for (const s of r.startup) {
        const ratio = s.base ? `  ${s.ratio.toFixed(2)}x ${s.base}` : '';
        const verdict = s.target ? ` (target <= ${s.target}x: ${s.met ? 'met' : 'MISSED'})` : '';
        const mem =
          s.peak_rss_mb !== undefined ? `; peak RSS ${s.peak_rss_mb} MB${s.rss_ratio !== undefined ? ` ${s.rss_ratio.toFixed(2)}x (target <= 1.25x: ${s.rss_met ? 'met' : 'MISSED'})` : ''}` : '';
        console.log(`    ${s.name.padEnd(32)} ${s.median_ms.toFixed(1).padStart(7)} ms${ratio}${verdict}${mem}`);
      }
    }
  }
  // --docs (or --readme, its older name) writes the table into docs/performance.md.
  if (process.argv.includes('--docs') || process.argv.includes('--readme')) {
    const readmePath = join(root, 'docs', 'performance.md');
    const readme = readFileSync(readmePath, 'utf8');
    const START = '<!-- perf: generated by node scripts/bench-ship.mjs --readme -->';
    const END = '<!-- /perf -->';
    const i = readme.indexOf(START);
    const j = readme.indexOf(END);
    if (i < 0 || j < i) throw new Error(`docs/performance.md lacks the ${START} ... ${END} markers`);
    writeFileSync(readmePath, `${readme.slice(0, i + START.length)}\n${readmeRows(results)}\n${readme.slice(j)}`);
  }
} finally {
  // Wait for the simulator to be gone before removing the directory it lives in.
  if (sim && sim.exitCode === null) await new Promise((resolve) => sim.once('exit', resolve).kill());
  rmSync(work, { recursive: true, force: true });
}
