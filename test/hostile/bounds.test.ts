// A server that never ends a list, repeats pages, hands out cursors in a circle, asks for a
// pause of 1e10 ms or nests JSON 100,000 levels deep: every command still ends by itself,
// with one clear message and a documented exit code, bounded memory and a bounded number of
// requests. Process tests run bin/infra (needs `npm run build`).
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runCli, spawnCli, tempConfigDir, errorText } from '../helpers/cli.js';
import { instantClock } from '../helpers/clock.js';
import { type FakeApi, startFakeApi } from './fake-api.js';

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());

const env = () => ({ INFRA_API_URL: api.url, INFRA_TOKEN: 'tok-bounds', INFRA_MAX_RETRIES: '0' });
const ID = '6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';

/** Runs bin/infra, counting stdout's bytes and keeping only its start and end (a long list is not held in the test). */
function spawnCounting(argv: string[], extraEnv: Record<string, string>): Promise<{ code: number; bytes: number; head: string; tail: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...argv], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', INFRA_CONFIG_DIR: tempConfigDir(), ...env(), ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let bytes = 0;
    let head = '';
    let tail = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      bytes += d.length;
      if (head.length < 200) head += d.toString();
      tail = (tail + d.toString()).slice(-200);
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`infra ${argv.join(' ')} did not end within 60 s; stderr: ${stderr.slice(0, 500)}`));
    }, 60_000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 : -1), bytes, head, tail, stderr });
    });
  });
}

describe('page walks end by themselves', () => {
  it('api --paginate streams 2,000 pages of 200 items in 40 MB of heap (it kept every page and crashed)', async () => {
    const pad = 'x'.repeat(100);
    api.answer((req) => {
      const page = Number(req.query.page);
      return { body: { data: Array.from({ length: 200 }, (_, i) => ({ id: `${page}-${i}`, pad })), pagination: { current_page: page, last_page: 2_000, per_page: 200, total: 400_000 } } };
    });
    const r = await spawnCounting(['api', '/vps', '--paginate'], { NODE_OPTIONS: '--max-old-space-size=40' });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(api.requests.length).toBe(2_000);
    // The contract's format: JSON.stringify(items, null, 2), every item in order.
    expect(r.head.startsWith(`[\n  {\n    "id": "1-0",\n    "pad": "${pad}"\n  },\n  {\n    "id": "1-1",`)).toBe(true);
    expect(r.tail.endsWith(`"id": "2000-199",\n    "pad": "${pad}"\n  }\n]\n`)).toBe(true);
    expect(r.bytes).toBeGreaterThan(400_000 * 100);
  }, 90_000);

  it('last_page 1e9: stops at 1,000,000 items with exit 1, the array left open (a partial list never reads as complete)', async () => {
    api.answer((req) => {
      const page = Number(req.query.page);
      return { body: { data: Array.from({ length: 5_000 }, (_, i) => ({ n: page * 5_000 + i })), pagination: { current_page: page, last_page: 1e9, per_page: 5_000, total: 5e12 } } };
    });
    const r = await spawnCounting(['api', '/vps', '--paginate'], { NODE_OPTIONS: '--max-old-space-size=40' });
    expect(r.code).toBe(1);
    expect(api.requests.length).toBe(200);
    expect(r.stderr).toMatch(
      /^error: stopped reading GET \/api\/v1\/vps after 1000000 items, the most infra reads of one list \(the API announces 1000000000 pages\); the list is incomplete\nhint: what was printed before this is only part of the list/,
    );
    expect(r.stderr).not.toMatch(/heap|stack|    at /i);
    expect(r.tail.endsWith('"n": 1004999\n  }')).toBe(true);
  }, 90_000);

  it('a server that answers page 1 to every page: serverless list ends after the second request, nothing printed twice', async () => {
    api.answer(() => ({ body: { data: [{ id: ID, name: 'web' }], pagination: { current_page: 1, last_page: 5, per_page: 1, total: 5 } } }));
    const r = await spawnCli(['serverless', 'list', '--json'], { env: env() });
    expect(r.code).toBe(1);
    expect(api.requests.map((q) => q.query.page)).toEqual(['1', '2']);
    expect(errorText(r.stderr)).toMatch(/^error: GET \/api\/v1\/serverless answered page 1 again when asked for page 2: the list does not advance; stopped after 1 page, so the list is incomplete$/m);
    expect(r.stdout.match(/"web"/g)).toHaveLength(1);
    expect(r.stdout.trimEnd().endsWith(']')).toBe(false);
  });

  it('the total the server announced ends the walk as complete, whatever last_page says', async () => {
    api.answer((req) => ({ body: { data: [{ id: `v${req.query.page}` }], pagination: { current_page: Number(req.query.page), last_page: 1e9, per_page: 1, total: 3 } } }));
    const r = await spawnCli(['api', '/vps', '--paginate'], { env: env() });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ id: 'v1' }, { id: 'v2' }, { id: 'v3' }]);
    expect(api.requests.length).toBe(3);
  });

  it('alert rules with cursors A→B→A: exit 1 naming the circle, each rule printed once', async () => {
    const next: Record<string, string | null> = { '': 'A', A: 'B', B: 'A' };
    api.answer((req) => {
      const at = req.query.cursor ?? '';
      return { body: { data: [{ id: `rule-${at || 'first'}`, name: `rule-${at || 'first'}` }], pagination: { per_page: 1, next_cursor: next[at] ?? null, has_more: true } } };
    });
    const r = await spawnCli(['alerts', 'resource', 'rules', 'list', '--json'], { env: env() });
    expect(api.requests.map((q) => q.query.cursor ?? '')).toEqual(['', 'A', 'B']);
    expect(r.code).toBe(1);
    expect(errorText(r.stderr)).toMatch(/^error: GET \/api\/v1\/\S+ sent the cursor "A" again: its pages go round in a circle; stopped after 3 pages, so the list is incomplete$/m);
    expect(r.stdout.match(/"id": ?"rule-/g)).toHaveLength(3);
  });
});

describe('logs', () => {
  it('cursors cycling A→B→A end the walk with one note; no line is printed twice', async () => {
    const next: Record<string, string> = { '': 'A', A: 'B', B: 'A' };
    api.answer((req) => {
      const at = req.query.cursor ?? '';
      return {
        body: {
          success: true,
          data: { available: true, entries: [{ timestamp: '2026-11-28T10:00:00Z', message: `line at ${at || 'start'}`, level: 'info' }] },
          meta: { next_cursor: next[at], truncated: true, retention_days: 10 },
        },
      };
    });
    const r = await spawnCli(['serverless', 'logs', ID, '--json'], { env: env() });
    expect(r.code).toBe(0);
    expect(
      r.stdout
        .trimEnd()
        .split('\n')
        .map((l) => (JSON.parse(l) as { message: string }).message),
    ).toEqual(['line at start', 'line at A', 'line at B']);
    expect(api.requests.map((q) => q.query.cursor ?? '')).toEqual(['', 'A', 'B']);
    expect(r.stderr).toBe('warning: the API sent the log cursor "A" a second time; stopped there, so no line is printed twice\n');
  });
});

describe('server-given pauses and --timeout', () => {
  const pending = () => ({ body: { success: true, data: { operation_id: ID, state: 'running', terminal: false, poll_after_ms: 1e10 } } });

  it('poll_after_ms 1e10 is read as 60 s: a 5m wait makes one GET a minute and times out (exit 6) by its own clock', async () => {
    api.answer(pending);
    const clock = instantClock();
    const started = clock.now();
    const r = await runCli(['operations', 'wait', ID, '--timeout', '5m'], { env: env(), clock });
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toMatch(/timed out after 5m/);
    expect(api.requests.length).toBeGreaterThanOrEqual(5);
    expect(api.requests.length).toBeLessThanOrEqual(6);
    expect(clock.now() - started).toBeGreaterThanOrEqual(300_000);
    expect(Math.max(...clock.sleeps)).toBe(60_000);
  }, 20_000);

  it('as a process: no TimeoutOverflowWarning, no burst of GETs (it was about one a millisecond)', async () => {
    api.answer(pending);
    const r = await spawnCli(['operations', 'wait', ID, '--timeout', '1s'], { env: env() });
    expect(r.code).toBe(6);
    expect(r.stderr).not.toMatch(/TimeoutOverflowWarning/);
    expect(api.requests.length).toBe(1);
  });

  it('--timeout 30d is refused at parse (exit 2, the maximum named); nothing is sent', async () => {
    api.answer(pending);
    const r = await spawnCli(['operations', 'wait', ID, '--timeout', '30d'], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: --timeout must be at most 24d20h31m23s \(the longest wait a timer can hold\), not 30d\.$/m);
    expect(api.requests).toEqual([]);
  });
});

describe('INFRA_HTTP_TIMEOUT beyond a timer', () => {
  it('30d is refused (exit 2, the maximum named) instead of timing out at once', async () => {
    api.answer(() => ({ body: { data: [], pagination: { current_page: 1, last_page: 1 } } }));
    const r = await spawnCli(['api', '/vps'], { env: { ...env(), INFRA_HTTP_TIMEOUT: '30d' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: INFRA_HTTP_TIMEOUT must be at most 24d20h31m23s \(the longest wait a timer can hold\), not "30d"$/m);
    expect(api.requests).toEqual([]);
  });
});

describe('JSON nested 100,000 levels deep', () => {
  const deep = '['.repeat(100_000) + ']'.repeat(100_000);

  it('infra api prints one sentence and exits 1, no stack overflow', async () => {
    api.answer(() => ({ text: deep }));
    const r = await spawnCli(['api', '/deep'], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: the answer nests too deeply \(thousands of levels of arrays or objects\) to be printed as JSON; the server sent something no command can show\n/);
    expect(r.stderr).not.toMatch(/Maximum call stack|unexpected error/);
  });

  it('an item of api --paginate nested that deep: the same sentence', async () => {
    api.answer(() => ({ text: `{"data":[${deep}],"pagination":{"current_page":1,"last_page":1}}` }));
    const r = await spawnCli(['api', '/deep', '--paginate'], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: the answer nests too deeply/);
  });
});
