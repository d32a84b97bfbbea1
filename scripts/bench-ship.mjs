// Benchmark of the shipped package: installed size of the packed tarball, bundle size, and
// start-up of the installed `infra` as ratios to `node -e 0` measured in the same run
// (interleaved repetitions, median). Machines that set NODE_EXTRA_CA_CERTS pay for reading
// it in every process (node -e 0 included), which flatters the ratios: when it is set, every
// case is measured both with it and without it. Needs a build (npm run build).
// Targets: --version <= 1.2x, --help <= 1.3x, a real command <= 3.0x on Node 20 and <= 2.0x
// on Node 22+ (compile cache). Usage: node scripts/bench-ship.mjs [--runs N] [--json]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 30;
const asJson = process.argv.includes('--json');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

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

const work = mkdtempSync(join(tmpdir(), 'infra-bench-ship-'));
let sim;
try {
  const packOut = npm(['pack', '--json', '--pack-destination', work], root);
  const packed = JSON.parse(packOut.slice(packOut.indexOf('[')))[0];
  const prefix = join(work, 'prefix');
  npm(['install', '--global', '--offline', '--prefix', prefix, join(work, packed.filename)], work);
  const installed = realpathSync(join(prefix, 'lib', 'node_modules', pkg.name));
  const bin = join(installed, 'bin', 'infra');
  const installedSize = bytes(installed);
  const dist = bytes(join(root, 'dist'));
  const mainJs = statSync(join(root, 'dist', 'main.js')).size;

  const env = { PATH: process.env.PATH, HOME: work, INFRA_CONFIG_DIR: join(work, 'config') };
  sim = spawn(process.execPath, [bin, 'sim', '--port', '0', '--json'], { env, stdio: ['ignore', 'pipe', 'ignore'] });
  const first = await new Promise((resolve, reject) => {
    sim.on('exit', (code) => reject(new Error(`infra sim exited ${code}`)));
    createInterface({ input: sim.stdout }).once('line', resolve);
  });
  const { url, tokens } = JSON.parse(first);
  const apiEnv = { ...env, INFRA_API_URL: url, INFRA_TOKEN: tokens.admin };
  const ca = process.env.NODE_EXTRA_CA_CERTS;
  const variants = ca ? [{ label: 'NODE_EXTRA_CA_CERTS set', extra: { NODE_EXTRA_CA_CERTS: ca } }, { label: 'NODE_EXTRA_CA_CERTS unset', extra: {} }] : [{ label: 'NODE_EXTRA_CA_CERTS unset', extra: {} }];

  const cases = (extra) => [
    { name: 'node -e 0', args: ['-e', '0'], env: { ...env, ...extra } },
    { name: 'infra --version', args: [bin, '--version'], env: { ...env, ...extra } },
    { name: 'infra --help', args: [bin, '--help'], env: { ...env, ...extra } },
    { name: 'infra vps list --json', args: [bin, 'vps', 'list', '--json'], env: { ...apiEnv, ...extra } },
    { name: 'infra serverless list --json', args: [bin, 'serverless', 'list', '--json'], env: { ...apiEnv, ...extra } },
  ];
  const all = variants.flatMap((v) => cases(v.extra).map((c) => ({ ...c, variant: v.label })));
  const times = all.map(() => []);
  const once = (c) => {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(process.execPath, c.args, { env: c.env, stdio: ['ignore', 'ignore', 'pipe'] });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (r.status !== 0) throw new Error(`${c.name} exited ${r.status}: ${r.stderr}`);
    return ms;
  };
  for (const c of all) once(c); // warm the file cache (and Node 22+'s compile cache)
  // Interleaved, so that machine noise spreads evenly over the cases.
  for (let i = 0; i < runs; i++) all.forEach((c, k) => times[k].push(once(c)));
  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };
  const startup = all.map((c, k) => {
    const base = median(times[all.findIndex((b) => b.variant === c.variant && b.name === 'node -e 0')]);
    return { variant: c.variant, name: c.name, median_ms: +median(times[k]).toFixed(1), ratio: +(median(times[k]) / base).toFixed(2) };
  });

  const result = {
    node: process.version,
    runs,
    tarball_bytes: packed.size,
    installed_bytes: installedSize.total,
    installed_files: installedSize.files,
    bundle_bytes: dist.total,
    bundle_files: dist.files,
    main_js_bytes: mainJs,
    startup,
  };
  if (asJson) {
    console.log(JSON.stringify(result, null, 2));
  } else {
    const kb = (n) => `${(n / 1024).toFixed(0)} KiB`;
    console.log(`ship (node ${process.version}, ${runs} runs, median)`);
    console.log(`  tarball            ${kb(result.tarball_bytes)}`);
    console.log(`  installed package  ${kb(result.installed_bytes)} in ${result.installed_files} files (self-contained, no node_modules)`);
    console.log(`  bundle dist/       ${kb(result.bundle_bytes)} in ${result.bundle_files} files (main.js ${kb(mainJs)})`);
    // The README's wording, to copy (test/e2e/first-hour-install.test.ts checks the README against a measurement).
    console.log(`  README             ${(result.installed_bytes / 1e6).toFixed(1)} MB installed, a ${Math.round(result.tarball_bytes / 1e3)} KB tarball`);
    const real = Number(process.versions.node.split('.')[0]) >= 22 ? 2.0 : 3.0;
    const target = { 'infra --version': 1.2, 'infra --help': 1.3, 'infra vps list --json': real, 'infra serverless list --json': real };
    for (const v of variants) {
      console.log(`  ${v.label}`);
      for (const s of startup.filter((x) => x.variant === v.label)) {
        const t = target[s.name];
        const verdict = t ? `  (target <= ${t}x: ${s.ratio <= t ? 'met' : 'MISSED'})` : '';
        console.log(`    ${s.name.padEnd(30)} ${s.median_ms.toFixed(1).padStart(7)} ms  ${s.ratio.toFixed(2)}x node -e 0${verdict}`);
      }
    }
  }
} finally {
  sim?.kill();
  rmSync(work, { recursive: true, force: true });
}
