// Benchmark of a long list: `infra vps list --all` with 100,000 VPS, as JSON and as TSV
// (stdout a pipe), against a local server answering either one big page or pages of 200.
// The baseline, measured in the same run, is a bare script doing what any client must:
// `fetch` + `JSON.parse` of the same answers (and nothing else: it prints nothing).
// Target: each case <= 1.3x the baseline of the same server mode. Run `npm run build` first.
// Usage: node scripts/bench-list.mjs [--runs N] [--items N]
//
// The items are the simulator's VPS shape without its plan, cost and capability fields
// (566 bytes each), so that one page of 100,000 stays under the client's 64 MiB answer limit.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// INFRA_BENCH_BIN: another build's bin/infra (A/B comparisons).
const BIN = process.env.INFRA_BENCH_BIN ?? join(ROOT, 'bin', 'infra');
const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const RUNS = arg('--runs', 5);
const N = arg('--items', 100_000);
const PER_PAGE = 200;
const TARGET = 1.3;

const created = Date.parse('2026-01-31T10:00:00Z');
function vps(i) {
  const at = new Date(created + i * 1000).toISOString();
  return {
    id: randomUUID(),
    name: `vps-${String(i + 1).padStart(6, '0')}`,
    status: i % 15 === 14 ? 'stopped' : 'running',
    status_label: i % 15 === 14 ? 'Stopped' : 'Running',
    status_details: { summary: i % 15 === 14 ? 'stopped' : 'ready', health: 'healthy', observed_at: at, stale: false, operation: { state: 'succeeded', terminal: true }, error: null },
    resource_profile: 'nano_shared',
    image: 'debian-12',
    datacenter: i % 2 ? 'fsn1' : 'nbg1',
    public_ip: `198.51.${(i >> 8) & 255}.${i & 255}`,
    ipv6_address: null,
    deployed_at: at,
    created_at: at,
    updated_at: at,
    team_id: 1,
    user_id: 1,
    ssh_key_id: null,
  };
}

const items = Array.from({ length: N }, (_, i) => vps(i));
const big = Buffer.from(JSON.stringify({ data: items, pagination: { current_page: 1, last_page: 1, per_page: N, total: N } }));
const lastPage = Math.ceil(N / PER_PAGE);
const pages = Array.from({ length: lastPage }, (_, p) =>
  Buffer.from(JSON.stringify({ data: items.slice(p * PER_PAGE, (p + 1) * PER_PAGE), pagination: { current_page: p + 1, last_page: lastPage, per_page: PER_PAGE, total: N } })),
);
items.length = 0;

// /big/api/v1/vps: every request gets the whole list; /p200/api/v1/vps?page=P: page P of 200.
const server = createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  let body;
  if (url.pathname === '/big/api/v1/vps') body = big;
  else if (url.pathname === '/p200/api/v1/vps') body = pages[Math.min(lastPage, Math.max(1, Number(url.searchParams.get('page')) || 1)) - 1];
  if (!body) return res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not found"}');
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body);
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const origin = `http://127.0.0.1:${server.address().port}`;

const work = mkdtempSync(join(tmpdir(), 'infra-bench-list-'));
const bare = join(work, 'bare.mjs');
writeFileSync(
  bare,
  `const [base, token] = process.argv.slice(2);
let page = 1, last = 1, n = 0;
do {
  const res = await fetch(base + '/api/v1/vps?page=' + page + '&per_page=${PER_PAGE}', { headers: { authorization: 'Bearer ' + token, accept: 'application/json' } });
  const body = JSON.parse(await res.text());
  n += body.data.length;
  last = body.pagination.last_page;
} while (page++ < last);
if (n !== ${N}) throw new Error('read ' + n);
`,
);

const env = {
  PATH: process.env.PATH ?? '',
  HOME: work,
  INFRA_CONFIG_DIR: join(work, 'config'),
  INFRA_TOKEN: 'bench-token',
  ...(process.env.NODE_EXTRA_CA_CERTS ? { NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS } : {}),
};

/** Runs one process with stdout a pipe that is drained; resolves with wall ms, stdout bytes and (when `count`) lines. */
function timed(args, extraEnv, count = false) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    let bytes = 0;
    let lines = 0;
    let err = '';
    child.stdout.on('data', (d) => {
      bytes += d.length;
      if (count) for (let i = d.indexOf(10); i !== -1; i = d.indexOf(10, i + 1)) lines++;
    });
    child.stderr.on('data', (d) => (err += d));
    child.once('error', reject);
    child.once('close', (code) => {
      const ms = performance.now() - started;
      if (code !== 0) return reject(new Error(`${args.slice(1).join(' ')} exited ${code}: ${err.slice(0, 500)}`));
      resolve({ ms, bytes, lines });
    });
  });
}

const modes = [
  { name: 'one page of 100,000', base: `${origin}/big` },
  { name: `pages of ${PER_PAGE}`, base: `${origin}/p200` },
];
const cases = [];
for (const m of modes) {
  cases.push({ mode: m, name: 'bare fetch + JSON.parse', args: [bare, m.base, env.INFRA_TOKEN], baseline: true });
  cases.push({ mode: m, name: 'infra vps list --all --json', args: [BIN, 'vps', 'list', '--all', '--json'], env: { INFRA_API_URL: m.base }, lines: N + 2 });
  cases.push({ mode: m, name: 'infra vps list --all (TSV)', args: [BIN, 'vps', 'list', '--all'], env: { INFRA_API_URL: m.base }, lines: N + 1 });
}
const times = cases.map(() => []);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

try {
  // One warm-up of each (file cache, server JIT), then interleaved runs.
  for (const c of cases) {
    const r = await timed(c.args, c.env, true);
    if (c.lines !== undefined && r.lines !== c.lines) throw new Error(`${c.name} (${c.mode.name}) printed ${r.lines} lines, expected ${c.lines}`);
  }
  for (let i = 0; i < RUNS; i++) for (const [k, c] of cases.entries()) times[k].push((await timed(c.args, c.env)).ms);

  console.log(`list of ${N.toLocaleString('en')} VPS (node ${process.version}, ${RUNS} runs, median; stdout a pipe; NODE_EXTRA_CA_CERTS ${env.NODE_EXTRA_CA_CERTS ? 'set' : 'unset'})`);
  let missed = 0;
  for (const m of modes) {
    console.log(`  ${m.name} (${m === modes[0] ? `${(big.length / 1048576).toFixed(1)} MiB` : `${lastPage} requests`})`);
    const base = median(times[cases.findIndex((c) => c.mode === m && c.baseline)]);
    for (const [k, c] of cases.entries()) {
      if (c.mode !== m) continue;
      const t = median(times[k]);
      const ratio = t / base;
      const verdict = c.baseline ? '' : `  (target <= ${TARGET}x: ${ratio <= TARGET ? 'met' : 'MISSED'})`;
      if (!c.baseline && ratio > TARGET) missed++;
      console.log(`    ${c.name.padEnd(30)} ${t.toFixed(0).padStart(6)} ms  ${ratio.toFixed(2)}x${verdict}`);
    }
  }
  process.exitCode = 0;
  if (missed) console.log(`  ${missed} of ${modes.length * 2} list targets missed`);
} finally {
  server.close();
  rmSync(work, { recursive: true, force: true });
}
