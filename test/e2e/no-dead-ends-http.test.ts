// The dead ends of issue 15 on the HTTP side, through the real bin/infra: lists that stopped
// at page 1, a terminal table that crashed on a long list, a request that never ended and
// retry waits nobody was told about.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runCli, spawnCli, tempConfigDir, type CliResult } from '../helpers/cli.js';
import { instantClock } from '../helpers/clock.js';
import { SEED_IDS, useSimulator, type Simulator } from '../helpers/sim.js';

// --- servers of the tests' own --------------------------------------------------------

function listen(server: Server | NetServer): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

const ROWS = 200_000;
const SERVER_PAGE = 5_000;

/** 200,000 VPS in pages of 5,000 (a server may answer more per page than asked: the client follows last_page). */
function manyVps(req: IncomingMessage, res: ServerResponse): void {
  const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? 1);
  let body = '';
  for (let i = (page - 1) * SERVER_PAGE; i < Math.min(ROWS, page * SERVER_PAGE); i++)
    body += `${body ? ',' : ''}{"id":"vps-${i}","name":"host-${i}","status":"running","datacenter":"nbg1","resource_profile":"small","public_ip":"10.0.${(i >> 8) & 255}.${i & 255}"}`;
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(`{"data":[${body}],"pagination":{"current_page":${page},"last_page":${ROWS / SERVER_PAGE},"per_page":${SERVER_PAGE},"total":${ROWS}}}`);
}

const hasScript = spawnSync('script', ['--version']).status === 0;

// The slow runs (a real 3 s Retry-After, a 1 s time limit, 200,000 rows) start before the
// list tests and run alongside them: the file takes as long as the slowest, not their sum.
const servers: (Server | NetServer)[] = [];
const sockets: Socket[] = [];
let silentHits = 0;
const limitedHits: string[] = [];
const runs: {
  rows?: Promise<{ code: number | null; lines: number; tail: string; stderr: string; maxRssKb: number }>;
  silent?: Promise<{ r: CliResult; ms: number }[]>;
  limited?: Promise<CliResult[]>;
} = {};

beforeAll(async () => {
  const big = createHttpServer(manyVps);
  // Reads every request and never answers.
  const quiet = createNetServer((s) => {
    sockets.push(s);
    s.on('data', () => silentHits++);
    s.on('error', () => {});
  });
  // A 429 with Retry-After: 3 for each token's first request, then the list.
  const seen = new Set<string>();
  const rate = createHttpServer((req, res) => {
    const token = req.headers.authorization ?? '';
    limitedHits.push(token);
    if (!seen.has(token)) {
      seen.add(token);
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '3' });
      return void res.end('{"message":"Too Many Attempts."}');
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"data":[{"id":"vps-1","name":"one"}],"pagination":{"current_page":1,"last_page":1,"per_page":200,"total":1}}');
  });
  servers.push(big, quiet, rate);
  const [many, silent, limited] = await Promise.all([listen(big), listen(quiet), listen(rate)]);
  if (hasScript || process.env.CI) runs.rows = rowsOnTerminal(many!);
  // A duration, and a bare number (milliseconds, as it always was).
  runs.silent = Promise.all(
    ['1s', '1000'].map(async (limit) => {
      const started = Date.now();
      const r = await spawnCli(['vps', 'list'], { env: { INFRA_API_URL: silent, INFRA_TOKEN: 'tok', INFRA_HTTP_TIMEOUT: limit }, timeoutMs: 10_000 });
      return { r, ms: Date.now() - started };
    }),
  );
  // On CI as on a terminal; -q hides only the waits under 10 s.
  runs.limited = Promise.all(
    ['loud', 'quiet'].map((who) => spawnCli(['vps', 'list', ...(who === 'quiet' ? ['-q'] : [])], { env: { INFRA_API_URL: limited, INFRA_TOKEN: who, CI: '1' }, timeoutMs: 10_000 })),
  );
  // Awaited by their tests; a failure is reported there, not as an unhandled rejection.
  for (const p of Object.values(runs)) p?.catch(() => {});
});
afterAll(async () => {
  await Promise.allSettled(Object.values(runs));
  for (const s of sockets) s.destroy();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

/** `infra vps list` of 200,000 VPS on a pseudo-terminal (script(1)), with a small heap, its peak RSS written at exit. */
async function rowsOnTerminal(apiUrl: string) {
  const dir = mkdtempSync(join(tmpdir(), 'infra-rows-'));
  const rssFile = join(dir, 'rss');
  writeFileSync(join(dir, 'rss.cjs'), `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(rssFile)}, String(process.resourceUsage().maxRSS)));\n`);
  // script(1) runs the command on a pseudo-terminal and copies what it prints to our pipe.
  const child = spawn('script', ['-qec', `'${process.execPath}' '${BIN}' vps list`, '/dev/null'], {
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: dir,
      TERM: 'xterm-256color',
      INFRA_CONFIG_DIR: tempConfigDir(),
      INFRA_API_URL: apiUrl,
      INFRA_TOKEN: 'tok',
      // A small heap: a table that kept every row would run out of it.
      NODE_OPTIONS: `--require ${join(dir, 'rss.cjs')} --max-old-space-size=64`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let lines = 0;
  let tail = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => {
    for (let i = d.indexOf(10); i !== -1; i = d.indexOf(10, i + 1)) lines++;
    tail = (tail + d.toString('latin1')).slice(-200);
  });
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  let maxRssKb = 0;
  try {
    maxRssKb = Number(readFileSync(rssFile, 'utf8'));
  } catch {
    // Not written: the process died before exit handlers ran (the code says how).
  }
  return { code, lines, tail, stderr, maxRssKb };
}

const dataRows = (stdout: string) => stdout.trimEnd().split('\n').slice(1);

describe('lists return every page', () => {
  let sim: Simulator;
  let env: Record<string, string>;
  useSimulator((s, e) => ((sim = s), (env = e)));
  const asked = () => sim.requests.filter((r) => r.path === '/api/v1/vps').map((r) => r.query);

  it('vps list -q piped: all 45 VPS in one request of 200 (it stopped at 20, silently under -q)', async () => {
    const r = await spawnCli(['vps', 'list', '-q'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(dataRows(r.stdout)).toHaveLength(45);
    expect(dataRows(r.stdout).map((l) => l.split('\t')[0])).toEqual([...SEED_IDS.vps]);
    expect(asked()).toEqual([{ page: '1', per_page: '200' }]);
  });

  it('every page is requested once, in order, and streamed; --json stays one array', async () => {
    // --all is still accepted; with --per-page it follows every page from the first.
    const r = await spawnCli(['vps', 'list', '--all', '--per-page', '20', '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { id: string }[]).map((v) => v.id)).toEqual([...SEED_IDS.vps]);
    expect(asked()).toEqual([1, 2, 3].map((p) => ({ page: String(p), per_page: '20' })));
  });

  it('--page/--per-page pick one page and the hint says how to get every page', async () => {
    const r = await spawnCli(['vps', 'list', '--page', '2', '--per-page', '10'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(dataRows(r.stdout).map((l) => l.split('\t')[0])).toEqual(SEED_IDS.vps.slice(10, 20));
    expect(asked()).toEqual([{ page: '2', per_page: '10' }]);
    expect(r.stderr).toBe('hint: page 2 of 5 (45 in all): --page N for another; without --page and --per-page every page is listed\n');
  });

  it('--limit caps the rows and stops requesting pages once reached (--json stays one array)', async () => {
    const small = await spawnCli(['vps', 'list', '--limit', '5', '--json'], { env });
    expect(small.code, small.stderr).toBe(0);
    expect((JSON.parse(small.stdout) as { id: string }[]).map((v) => v.id)).toEqual(SEED_IDS.vps.slice(0, 5));
    // A limit under a page asks for just that many.
    expect(asked()).toEqual([{ page: '1', per_page: '5' }]);

    sim.requests.length = 0;
    const paged = await spawnCli(['vps', 'list', '--per-page', '10', '--all', '--limit', '25'], { env });
    expect(paged.code, paged.stderr).toBe(0);
    expect(dataRows(paged.stdout).map((l) => l.split('\t')[0])).toEqual(SEED_IDS.vps.slice(0, 25));
    expect(asked()).toEqual([1, 2, 3].map((p) => ({ page: String(p), per_page: '10' })));
    expect(paged.stderr).toContain('hint: the first 25 of 45 (--limit 25)');
  });

  it('every list command follows every page (serverless list, snapshots list)', async () => {
    for (const [argv, path] of [
      [['serverless', 'list', '-q'], '/api/v1/serverless'],
      [['snapshots', 'list', 'vps', '-q'], '/api/v1/snapshots/vps'],
    ] as const) {
      sim.requests.length = 0;
      const r = await spawnCli([...argv], { env });
      expect(r.code, r.stderr).toBe(0);
      expect(sim.requests.filter((q) => q.path === path).map((q) => q.query)).toEqual([{ page: '1', per_page: '200' }]);
    }
  });
});

describe('a long list on a terminal, a silent server, a rate limit', () => {
  it.runIf(hasScript || !!process.env.CI)(
    '200,000 rows on a pseudo-terminal: every row, exit 0, bounded memory (it crashed: "Maximum call stack size exceeded")',
    async () => {
      const { code, lines, tail, stderr, maxRssKb } = await runs.rows!;
      expect(code, stderr + tail).toBe(0);
      expect(lines).toBe(ROWS + 1);
      expect(tail).toMatch(/vps-199999 +host-199999 +running/);
      expect(maxRssKb).toBeGreaterThan(0);
      expect(maxRssKb).toBeLessThan(250 * 1024);
    },
    20_000,
  );

  it('a server that reads the request and never answers: ends within INFRA_HTTP_TIMEOUT, one error line, exit 7 (it waited 90 s or more)', async () => {
    for (const { r, ms } of await runs.silent!) {
      expect(r.code, r.stderr).toBe(7);
      expect(r.stdout).toBe('');
      const lines = r.stderr.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^error: no answer from GET \/api\/v1\/vps within 1s( \(\d attempts\))?$/);
      expect(lines.slice(1)).toEqual(['hint: INFRA_HTTP_TIMEOUT sets the time limit of each request, retries included (e.g. INFRA_HTTP_TIMEOUT=2m); --debug shows each attempt']);
      // 1 s of limit plus the start of a node process (seconds on a loaded machine), far from
      // the 90 s of three 30 s attempts.
      expect(ms).toBeLessThan(15_000);
    }
    expect(silentHits).toBeGreaterThan(0);
  });

  it('a 429 with Retry-After: 3 says what it waits for and how long, on stderr (it was silent); -q hides a wait under 10 s', async () => {
    const [loud, quiet] = await runs.limited!;
    expect(loud!.code, loud!.stderr).toBe(0);
    expect(loud!.stderr).toBe('rate limited by the API; retrying in 3s (attempt 2 of 4)\n');
    expect(loud!.stdout).toContain('vps-1\tone');
    expect(quiet!.code, quiet!.stderr).toBe(0);
    expect(quiet!.stderr).toBe('');
    expect(limitedHits.filter((t) => t === 'Bearer loud')).toHaveLength(2);
    expect(limitedHits.filter((t) => t === 'Bearer quiet')).toHaveLength(2);
  });
});

describe('retry waits on the injected clock', () => {
  let server: Server;
  let url: string;
  const asked: number[] = [];
  beforeAll(async () => {
    server = createHttpServer((_req, res) => {
      asked.push(Date.now());
      if (asked.length % 2 === 1) {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '12' });
        return void res.end('{"message":"Too Many Attempts."}');
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"data":[],"pagination":{"current_page":1,"last_page":1,"per_page":200,"total":0}}');
    });
    url = await listen(server);
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('a wait of 10 s or more is said even under -q', async () => {
    const clock = instantClock();
    const r = await runCli(['vps', 'list', '-q'], { env: { INFRA_API_URL: url, INFRA_TOKEN: 'tok' }, clock });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('rate limited by the API; retrying in 12s (attempt 2 of 4)\n');
    expect(clock.sleeps).toEqual([12_000]);
  });

  it('a wait that would end past the time limit is not made: the 429 is reported at once', async () => {
    const clock = instantClock();
    const r = await runCli(['vps', 'list'], { env: { INFRA_API_URL: url, INFRA_TOKEN: 'tok', INFRA_HTTP_TIMEOUT: '10s' }, clock });
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/^error: rate limited by the API on GET \/api\/v1\/vps \(429 after 1 attempts\)$/m);
    expect(clock.sleeps).toEqual([]);
  });
});
