// Benchmark of cost at scale: requests a process sends, against a fake API on loopback.
//  A. `serverless wait` of 1, 10, 50 and 200 containers whose rollouts never end within the
//     window (--timeout): requests per minute from the one process.
//  B. `serverless get <name>` among 10,000 containers, twice with the same cache directory:
//     requests, wall time and peak RSS of each (the second may use the remembered id).
// "before" is the figure of the base commit of this work, measured with this script on the
// same machine (INFRA_BENCH_BIN=<that build's bin/infra>); it is printed beside today's.
// Usage: node scripts/bench-scale.mjs [--window SECONDS] [--only waits|names]
// Run `npm run build` first. Loopback only; prints numbers, asserts nothing.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = process.env.INFRA_BENCH_BIN ?? join(ROOT, 'bin', 'infra');
const argOf = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const WINDOW_S = Number(argOf('--window', '30'));
const ONLY = argOf('--only', 'all');
const TOTAL = 10_000;

/** Measured on the base commit (3e42183), Node 20, 30 s windows, the 2-core machine shared with other jobs. */
const BEFORE = {
  waits: { 1: 16, 10: 155, 50: 818, 200: 3036 },
  name: { first: { requests: 51 }, second: { requests: 51 } },
};

const uuid = (i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const at = '2026-01-31T10:00:00.000Z';
/** The first `rolling` containers roll out for ever (generation 4 of 4 observed 3); the rest are settled. */
function container(i, rolling) {
  const moving = i < rolling;
  return {
    id: uuid(i),
    name: `svc-${String(i).padStart(5, '0')}`,
    slug: `svc-${String(i).padStart(5, '0')}`,
    deployment_type: 'docker_image',
    image: 'registry.example/acme/svc',
    image_tag: '1.0.0',
    port: 8080,
    min_scale: 0,
    max_scale: 3,
    resource_profile: 'small',
    status: moving ? 'deploying' : 'running',
    status_details: {
      summary: moving ? 'in_progress' : 'ready',
      health: 'healthy',
      observed_at: at,
      stale: false,
      operation: { state: moving ? 'running' : 'succeeded', terminal: !moving },
      error: null,
    },
    current_revision: `svc-${i}-00003`,
    deployment_count: 3,
    spec_generation: moving ? 4 : 3,
    observed_generation: 3,
    url: `https://svc-${i}.example`,
    capabilities: { logs: true, events: true, revisions: true },
    created_at: at,
    updated_at: at,
  };
}

/** A fake API holding `total` containers; counts what it is asked. */
async function fakeApi(total, rolling) {
  const items = Array.from({ length: total }, (_, i) => container(i, rolling));
  const byId = new Map(items.map((c) => [c.id, c]));
  const counts = { requests: 0, list: 0, get: 0 };
  const server = createServer((req, res) => {
    counts.requests++;
    const url = new URL(req.url, 'http://x');
    const send = (status, body) => {
      const bytes = Buffer.from(JSON.stringify(body));
      res.writeHead(status, { 'content-type': 'application/json', 'content-length': bytes.length }).end(bytes);
    };
    if (url.pathname === '/api/v1/serverless') {
      counts.list++;
      const per = Math.min(200, Math.max(1, Number(url.searchParams.get('per_page')) || 15));
      const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
      const last = Math.max(1, Math.ceil(total / per));
      return send(200, { data: items.slice((page - 1) * per, page * per), pagination: { current_page: page, last_page: last, per_page: per, total } });
    }
    const m = /^\/api\/v1\/serverless\/([^/]+)$/.exec(url.pathname);
    if (m) {
      counts.get++;
      const c = byId.get(decodeURIComponent(m[1]));
      return c ? send(200, { container: c, metrics: [], url: c.url, monthly_cost: '0.00' }) : send(404, { message: 'not found' });
    }
    send(404, { message: 'not found' });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}`, counts, close: () => new Promise((r) => server.close(r)) };
}

function cli(api, cacheDir, argv) {
  return new Promise((resolve, reject) => {
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: cacheDir,
      INFRA_API_URL: api.url,
      INFRA_TOKEN: 'bench-token',
      INFRA_CONFIG_DIR: join(cacheDir, 'config'),
      INFRA_CACHE_DIR: join(cacheDir, 'cache'),
    };
    // /usr/bin/time reports the peak RSS; without it, wall time only.
    const child = spawn('/usr/bin/time', ['-f', '%M', process.execPath, BIN, ...argv], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stdout.resume();
    child.stderr.on('data', (d) => (stderr += d));
    const started = performance.now();
    child.once('error', reject);
    child.once('exit', (code) => {
      const kb = Number(stderr.trim().split('\n').at(-1));
      resolve({ code, wallMs: performance.now() - started, rssMb: Number.isFinite(kb) ? kb / 1024 : NaN });
    });
  });
}

const pad = (s, n) => String(s).padEnd(n);

if (ONLY === 'all' || ONLY === 'waits') {
  console.log(`A. serverless wait of N containers, rollouts that never end, ${WINDOW_S} s window (requests per minute from one process)`);
  console.log(`   ${pad('N', 5)} ${pad('before', 8)} ${pad('now', 8)} list/get`);
  for (const n of [1, 10, 50, 200]) {
    const api = await fakeApi(Math.max(n, 200), n);
    const dir = mkdtempSync(join(tmpdir(), 'infra-bench-scale-'));
    try {
      const ids = Array.from({ length: n }, (_, i) => uuid(i));
      const r = await cli(api, dir, ['serverless', 'wait', ...ids, '--timeout', `${WINDOW_S}s`, '--json']);
      const perMin = (api.counts.requests * 60_000) / r.wallMs;
      console.log(`   ${pad(n, 5)} ${pad(BEFORE.waits[n] ?? '-', 8)} ${pad(perMin.toFixed(0), 8)} ${api.counts.list}/${api.counts.get} (exit ${r.code})`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await api.close();
    }
  }
}

if (ONLY === 'all' || ONLY === 'names') {
  console.log(`B. serverless get <name> among ${TOTAL.toLocaleString('en')} containers, the same cache directory twice`);
  const api = await fakeApi(TOTAL, 0);
  const dir = mkdtempSync(join(tmpdir(), 'infra-bench-scale-'));
  try {
    const name = `svc-${String(TOTAL - 1).padStart(5, '0')}`;
    for (const which of ['first', 'second']) {
      const before = api.counts.requests;
      const r = await cli(api, dir, ['serverless', 'get', name, '--json']);
      console.log(
        `   ${pad(which, 7)} requests ${api.counts.requests - before} (before ${BEFORE.name[which].requests}), ${r.wallMs.toFixed(0)} ms, peak RSS ${r.rssMb.toFixed(0)} MB (exit ${r.code})`,
      );
    }
    const before = api.counts.requests;
    const r = await cli(api, dir, ['serverless', 'get', uuid(TOTAL - 1), '--json']);
    console.log(`   by id   requests ${api.counts.requests - before}, ${r.wallMs.toFixed(0)} ms, peak RSS ${r.rssMb.toFixed(0)} MB (exit ${r.code})`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await api.close();
  }
}
