// Benchmarks of `serverless logs` and `serverless diagnose --local` against `infra sim`
// (run `npm run build` first; `npm run bench` does). Prints numbers and ratios; asserts nothing.
//  1. Paging 200,000 vs 10,000 log entries with --json to /dev/null: peak RSS of the CLI
//     process (target: within 10 MB of each other, i.e. bounded memory, with no node flags)
//     and throughput (target: >= 50,000 entries/s).
//  2. diagnose --local with 300 ms latency injected: wall time against one single request
//     (`infra api`), both as whole processes (target: < 1.5x, i.e. the reads run in parallel).
//  3. Cost: the requests of a window read of 1,000,000 lines without --limit (the page size
//     the CLI picks), and the requests per minute of an idle and of a busy `--follow`
//     (target: <= 6 a minute idle; the same 2 s delay under load). The follows run in real
//     time for FOLLOW_SECONDS each (env BENCH_FOLLOW_SECONDS, default 80).
import { spawn } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = `${ROOT}bin/infra`;
const TIME = '/usr/bin/time';
const PAGE = '1000';

/** The id of the seeded container `web` (ids are opaque UUIDs, as on the real service). */
async function webId(sim) {
  const res = await fetch(`${sim.url}/api/v1/serverless?per_page=200`, { headers: { authorization: `Bearer ${sim.tokens.admin}` } });
  return (await res.json()).data.find((c) => c.name === 'web').id;
}

function startSim(speed = '1') {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'sim', '--port', '0', '--json', '--speed', speed], { stdio: ['ignore', 'pipe', 'inherit'] });
    const rl = createInterface({ input: child.stdout });
    rl.once('line', (line) => resolve({ child, ...JSON.parse(line) }));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`infra sim exited with ${code}`)));
  });
}

async function post(sim, path, body) {
  const res = await fetch(`${sim.url}/_sim/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`POST /_sim/${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Runs bin/infra under /usr/bin/time -v with stdout to /dev/null: {code, wallMs, maxRssKb}. */
function measured(sim, argv, extraEnv = {}, allowFail = false) {
  return new Promise((resolve, reject) => {
    const devnull = openSync('/dev/null', 'w');
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', INFRA_API_URL: sim.url, INFRA_TOKEN: sim.tokens.admin, INFRA_CONFIG_DIR: '/tmp/infra-bench-config', ...extraEnv };
    const started = performance.now();
    const child = spawn(TIME, ['-v', process.execPath, BIN, ...argv], { env, stdio: ['ignore', devnull, 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.once('error', reject);
    child.once('close', (code) => {
      closeSync(devnull);
      const wallMs = performance.now() - started;
      const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(err);
      if (code !== 0 && !allowFail) return reject(new Error(`infra ${argv.join(' ')} exited ${code}: ${err.split('\n').slice(0, 5).join('\n')}`));
      resolve({ code, wallMs, maxRssKb: rss ? Number(rss[1]) : NaN });
    });
  });
}

/** Counts what the API holds in the window the CLI read, page by page (not timed). */
async function countEntries(sim, since) {
  let cursor = null;
  let n = 0;
  do {
    const q = new URLSearchParams({ since, limit: PAGE, ...(cursor ? { cursor } : {}) });
    const res = await fetch(`${sim.url}/api/v1/serverless/${CONTAINER}/logs?${q}`, { headers: { authorization: `Bearer ${sim.tokens.admin}` } });
    const body = await res.json();
    n += body.data.entries.length;
    cursor = body.meta.next_cursor;
  } while (cursor);
  return n;
}

async function lastLogsSince(sim) {
  const { requests } = await (await fetch(`${sim.url}/_sim/requests`)).json();
  return requests.filter((r) => r.path.endsWith('/logs')).at(0)?.query.since;
}

async function pagingRun(sim, seeded) {
  await post(sim, 'reset', {});
  // The sim's default 1,000 requests a minute would throttle 200+ pages plus the count.
  await post(sim, 'faults', { rate_limit_per_minute: 1_000_000 });
  await post(sim, 'logs', { container_id: CONTAINER, count: seeded });
  const m = await measured(sim, ['serverless', 'logs', String(CONTAINER), '--since', '30m', '--limit', PAGE, '--json']);
  const entries = await countEntries(sim, await lastLogsSince(sim));
  return { seeded, entries, ...m, perSecond: entries / (m.wallMs / 1000) };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mb = (kb) => (kb / 1024).toFixed(1);

const sim = await startSim();
const CONTAINER = await webId(sim);
try {
  // BENCH_ONLY=cost runs only the cost figures (section 3).
  if (process.env.BENCH_ONLY !== 'cost') {
    console.log('logs paging (--json > /dev/null, --limit 1000; wall time includes process start-up; median of 3 runs of each)');
    // A warm-up run first, so that the page cache and the simulator's JIT do not favour either size.
    await pagingRun(sim, 10_000);
    // Three of each, interleaved; the median run of each size (by peak RSS) is compared.
    const smalls = [];
    const larges = [];
    for (let i = 0; i < 3; i++) {
      smalls.push(await pagingRun(sim, 10_000));
      larges.push(await pagingRun(sim, 200_000));
    }
    const byRss = (runs) => [...runs].sort((a, b) => a.maxRssKb - b.maxRssKb)[1];
    const small = byRss(smalls);
    const large = byRss(larges);
    for (const r of [small, large]) {
      console.log(`  ${String(r.entries).padStart(7)} entries: ${(r.wallMs / 1000).toFixed(2)} s, ${Math.round(r.perSecond).toLocaleString('en')} entries/s, peak RSS ${mb(r.maxRssKb)} MB`);
    }
    const deltaMb = (large.maxRssKb - small.maxRssKb) / 1024;
    console.log(`  peak RSS difference 200k vs 10k: ${deltaMb.toFixed(1)} MB (target <= 10 MB): ${Math.abs(deltaMb) <= 10 ? 'met' : `MISSED by ${(Math.abs(deltaMb) - 10).toFixed(1)} MB`}`);
    console.log(
      `  throughput at 200k: ${Math.round(large.perSecond).toLocaleString('en')} entries/s (target >= 50,000): ${large.perSecond >= 50_000 ? 'met' : `MISSED by ${Math.round(50_000 - large.perSecond).toLocaleString('en')} entries/s`}`,
    );

    console.log('\ndiagnose --local with 300 ms latency per request (median of 3 processes each)');
    await post(sim, 'reset', {});
    await post(sim, 'faults', { latency_ms: 300 });
    const single = [];
    const local = [];
    for (let i = 0; i < 3; i++) {
      single.push((await measured(sim, ['api', `/serverless/${CONTAINER}`])).wallMs);
      local.push((await measured(sim, ['serverless', 'diagnose', String(CONTAINER), '--local'])).wallMs);
    }
    const s = median(single);
    const l = median(local);
    console.log(`  one request (infra api /serverless/${CONTAINER}): ${Math.round(s)} ms`);
    console.log(`  diagnose --local (container + revisions + logs): ${Math.round(l)} ms`);
    console.log(`  ratio: ${(l / s).toFixed(2)}x (target < 1.5x): ${l / s < 1.5 ? 'met' : `MISSED by ${(l / s - 1.5).toFixed(2)}x`}`);
  }

  console.log('\nlogs cost: a window read of 1,000,000 lines without --limit');
  await post(sim, 'reset', {});
  await post(sim, 'faults', { rate_limit_per_minute: 1_000_000 });
  await post(sim, 'logs', { container_id: CONTAINER, count: 1_000_000 });
  await fetch(`${sim.url}/_sim/requests`, { method: 'DELETE' });
  const million = await measured(sim, ['serverless', 'logs', String(CONTAINER), '--since', '30m', '--json'], {}, true);
  const millionRequests = (await logRequests(sim)).length;
  console.log(`  ${millionRequests.toLocaleString('en')} requests, ${(million.wallMs / 1000).toFixed(1)} s, peak RSS ${mb(million.maxRssKb)} MB, exit ${million.code}`);
} finally {
  sim.child.kill('SIGTERM');
}

async function logRequests(s) {
  const { requests } = await (await fetch(`${s.url}/_sim/requests`)).json();
  return requests.filter((r) => r.path.endsWith('/logs'));
}

const FOLLOW_SECONDS = Number(process.env.BENCH_FOLLOW_SECONDS ?? 80);

/**
 * Follows `web` for FOLLOW_SECONDS of real time, then Ctrl-C: the /logs requests per minute
 * over the whole follow, and once settled (after the first 20 s: an idle follow's back-off
 * reaches its longest delay after 14 s).
 */
async function followRate(s) {
  const id = await webId(s);
  await fetch(`${s.url}/_sim/requests`, { method: 'DELETE' });
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', INFRA_API_URL: s.url, INFRA_TOKEN: s.tokens.admin, INFRA_CONFIG_DIR: '/tmp/infra-bench-config' };
  const child = spawn(process.execPath, [BIN, 'serverless', 'logs', id, '--since', '1m', '--follow', '--json'], { env, stdio: ['ignore', 'ignore', 'ignore'] });
  const settleS = 20;
  await new Promise((r) => setTimeout(r, settleS * 1000));
  const atSettle = (await logRequests(s)).length;
  await new Promise((r) => setTimeout(r, (FOLLOW_SECONDS - settleS) * 1000));
  child.kill('SIGINT');
  await new Promise((r) => child.once('close', r));
  // The first request is the window read; the rest are the follow's polls.
  const total = (await logRequests(s)).length;
  return { all: (total - 1) * (60 / FOLLOW_SECONDS), settled: (total - atSettle) * (60 / (FOLLOW_SECONDS - settleS)) };
}

console.log(`\nlogs cost: requests per minute of a --follow (${FOLLOW_SECONDS} s of real time each)`);
// Idle: a simulator clock 10,000 times slower than real time, so the container prints nothing.
const idle = await startSim('0.0001');
try {
  const { all, settled } = await followRate(idle);
  console.log(`  idle follow: ${settled.toFixed(1)} requests/min once settled (target <= 6): ${settled <= 6 ? 'met' : 'MISSED'}; ${all.toFixed(1)}/min over the whole ${FOLLOW_SECONDS} s`);
} finally {
  idle.child.kill('SIGTERM');
}
// Busy: a clock 20 times faster, so a line arrives about every 0.75 s.
const busy = await startSim('20');
try {
  const { all } = await followRate(busy);
  console.log(`  busy follow: ${all.toFixed(1)} requests/min (a poll every ${(60 / all).toFixed(1)} s)`);
} finally {
  busy.child.kill('SIGTERM');
}
