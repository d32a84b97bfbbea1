// `infra serverless logs` against the simulator (contract section 7, spec 4.1).
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Simulator } from '../../../src/sim/server.js';
import { InterruptedError } from '../../../src/cli/errors.js';
import { SEED_IDS } from '../../../src/sim/state/seed.js';
import { instantClock } from '../../helpers/clock.js';
import { apiRequests, cli, ok, peek, requestLines, simApi, useSimulator } from '../../helpers/sim.js';

let sim: Simulator;
useSimulator((s) => (sim = s));

const ago = (ms: number) => new Date(sim.world.now() - ms).toISOString();
const ndjson = (text: string) =>
  text
    .trimEnd()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as RawLogEntry);
const WEB = SEED_IDS.web;

interface RawLogEntry {
  timestamp: string;
  message: string;
  level: string;
  pod: string | null;
  container: string | null;
  stream: string;
}
interface RawLogsPage {
  data: { available: boolean; entries: RawLogEntry[] };
  meta: { next_cursor: string | null; truncated: boolean; retention_days?: number };
}
/** A page of logs as the API holds it (no trace in sim.requests). */
const rawLogs = (id: string, query: Record<string, string>) => peek<RawLogsPage>(sim, `/api/v1/serverless/${id}/logs?${new URLSearchParams(query)}`);
const control = async (path: string, body: unknown) => ok(await simApi(sim).control(path, body));

describe('serverless logs: paging', () => {
  it('follows next_cursor over several pages, writes every entry once, in order, as NDJSON', async () => {
    await control('/_sim/logs', { container_id: WEB, count: 450 });
    const r = await cli(sim, ['serverless', 'logs', WEB, '--since', '30m', '--limit', '100', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const lines = ndjson(r.stdout);

    // What the API holds for the same window, read directly in one big page.
    const since = ago(30 * 60_000);
    const direct = await rawLogs(WEB, { since, limit: '1000' });
    expect(direct.meta.next_cursor).toBeNull();
    expect(lines.length).toBe(direct.data.entries.length);
    expect(lines.length).toBeGreaterThan(450);
    // Every entry as the API sent it: level, pod, container and stream included.
    expect(lines).toEqual(direct.data.entries);
    for (const l of lines) expect(Object.keys(l).sort()).toEqual(['container', 'level', 'message', 'pod', 'stream', 'timestamp']);
    expect(new Set(lines.map((l) => JSON.stringify(l))).size).toBe(lines.length);

    // The cursor sequence the server received is exactly the one it handed out.
    const reqs = apiRequests(sim, '/logs');
    expect(reqs.length).toBe(Math.ceil(lines.length / 100));
    expect(reqs[0]!.query.cursor).toBeUndefined();
    // An id is used as it is: no lookup request before the pages.
    expect(requestLines(sim).every((l) => l.endsWith('/logs'))).toBe(true);
    let expected: string | null = null;
    for (const [i, req] of reqs.entries()) {
      expect(req.query).toMatchObject({ since, limit: '100', container: 'user-container' });
      if (i > 0) expect(req.query.cursor).toBe(expected);
      const page = await rawLogs(WEB, req.query);
      expected = page.meta.next_cursor;
    }
    expect(expected).toBeNull();
    expect(r.stderr).toBe('');
  });

  it('human lines: timestamp  container  level  message; resolves a name with one list request', async () => {
    const r = await cli(sim, ['serverless', 'logs', 'web', '--since', '2m']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    const direct = await rawLogs(WEB, { since: ago(2 * 60_000), limit: '1000' });
    expect(lines.length).toBe(direct.data.entries.length);
    expect(lines.length).toBeGreaterThanOrEqual(8);
    // The level is the entry's `level` field, not a word guessed from the message.
    lines.forEach((l, i) => {
      const e = direct.data.entries[i]!;
      expect(l).toBe(`${e.timestamp}  user-container  ${e.level.padEnd(5)}  ${e.message}`);
    });
    expect(requestLines(sim)).toEqual(['GET /api/v1/serverless', `GET /api/v1/serverless/${WEB}/logs`]);
  });

  it('a level field the message does not mention is what the human line shows', async () => {
    sim.use(
      http.get('*/api/v1/serverless/:id/logs', () =>
        HttpResponse.json({
          success: true,
          data: {
            available: true,
            entries: [{ timestamp: ago(60_000), message: 'disk almost full', level: 'warn', pod: 'web-00003-deployment-abc-xyz', container: 'user-container', stream: 'stderr' }],
          },
          error: null,
          meta: { next_cursor: null, truncated: false, retention_days: 10 },
        }),
      ),
    );
    const r = await cli(sim, ['serverless', 'logs', WEB]);
    expect(r.stdout).toBe(`${ago(60_000)}  user-container  warn   disk almost full\n`);
  });

  it('on a TTY hints that a wider --since looks further back once the end is reached; colours the level', async () => {
    const { Capture } = await import('../../helpers/cli.js');
    const stderr = new Capture(true, 80);
    const stdout = new Capture(true, 80);
    const r = await cli(sim, ['serverless', 'logs', 'web', '--since', '5m', '--level', 'error'], { stderr, stdout, env: { FORCE_COLOR: '1' } });
    expect(r.code).toBe(0);
    expect(stderr.text).toMatch(/wider --since looks further back \(logs are kept 10 days\)/);
    expect(stdout.text).toContain('\u001b[31merror');
  });

  it('the end hint names the retention the API gives in meta.retention_days', async () => {
    sim.use(
      http.get('*/api/v1/serverless/:id/logs', () =>
        HttpResponse.json({
          success: true,
          data: { available: true, entries: [{ timestamp: ago(60_000), message: 'INFO ok', level: 'info', pod: 'p', container: 'user-container', stream: 'stdout' }] },
          error: null,
          meta: { next_cursor: null, truncated: false, retention_days: 7 },
        }),
      ),
    );
    const { Capture } = await import('../../helpers/cli.js');
    const stderr = new Capture(true, 80);
    const r = await cli(sim, ['serverless', 'logs', WEB], { stderr });
    expect(r.code).toBe(0);
    expect(stderr.text).toMatch(/a wider --since looks further back \(logs are kept 7 days\)/);
  });

  it('--since is always sent, as ISO 8601 UTC (default 1h); an offset timestamp is converted', async () => {
    await cli(sim, ['serverless', 'logs', WEB]);
    const offset = new Date(sim.world.now() - 20 * 60_000);
    const local = offset
      .toISOString()
      .replace('Z', '+00:00')
      .replace(/^(\d{4}-\d{2}-\d{2})T(\d{2})/, (_m, d: string, h: string) => `${d}T${h}`);
    await cli(sim, ['serverless', 'logs', WEB, '--since', local]);
    const reqs = apiRequests(sim, '/logs');
    const [first, second] = [reqs[0], reqs.at(-1)];
    expect(first!.query.since).toBe(ago(60 * 60_000));
    expect(second!.query.since).toBe(offset.toISOString());
  });

  it('filters appear in the query, and the level filter is applied by the API', async () => {
    const until = ago(60_000);
    const r = await cli(sim, ['serverless', 'logs', WEB, '--since', '2h', '--until', until, '--level', 'error', '--container', 'all', '--limit', '7', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const q = apiRequests(sim, '/logs')[0]!.query;
    expect(q).toMatchObject({ since: ago(2 * 3_600_000), until, level: 'error', container: 'all', limit: '7' });
    const lines = ndjson(r.stdout);
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(l.message.toLowerCase()).toContain('error');
  });

  it('--cursor continues from a given cursor', async () => {
    const first = await rawLogs(WEB, { since: ago(10 * 60_000), limit: '5' });
    const r = await cli(sim, ['serverless', 'logs', WEB, '--since', '10m', '--limit', '5', '--cursor', first.meta.next_cursor!, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(apiRequests(sim, '/logs')[0]!.query.cursor).toBe(first.meta.next_cursor);
    expect(ndjson(r.stdout)[0]!.timestamp > first.data.entries[4]!.timestamp).toBe(true);
  });
});

describe('serverless logs: empty window, outage, retention, permissions', () => {
  it('no entries: says the container printed nothing between X and Y, exit 0', async () => {
    const r = await cli(sim, ['serverless', 'logs', 'worker', '--json']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`the container printed nothing between ${ago(3_600_000)} and ${ago(0)}\n`);
  });

  it('log store down (503 serverless.logs_unavailable, available=false): retried, then exit 7 saying it proves nothing', async () => {
    await control('/_sim/faults', { logs_unavailable: true });
    const r = await cli(sim, ['serverless', 'logs', WEB]);
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/^error: the log store did not answer; this says nothing about the container\n/);
    expect(r.stdout).toBe('');
    expect(apiRequests(sim, '/logs').length).toBe(4);
  });

  it('a 503 envelope that says retryable: false is not retried: exit 7 at once', async () => {
    sim.use(
      http.get('*/api/v1/serverless/:id/logs', () =>
        HttpResponse.json(
          { success: false, data: { available: false, entries: [] }, error: { code: 'serverless.logs_unavailable', message: 'The log store did not respond.', retryable: false }, meta: {} },
          { status: 503 },
        ),
      ),
    );
    const r = await cli(sim, ['serverless', 'logs', WEB]);
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/^error: the log store did not answer; this says nothing about the container\n/);
    expect(apiRequests(sim, '/logs').length).toBe(1);
  });

  it("since beyond the API's own retention (its clock is ahead of ours): 422 from the API → exit 2 naming since", async () => {
    // Our clock an hour behind the server's: 9d23h30m back passes the local check, yet
    // reaches beyond the 10 days the API counts from its own, later, now.
    const behind = instantClock({ start: sim.world.now() - 3_600_000, frozen: true });
    const r = await cli(sim, ['serverless', 'logs', WEB, '--since', '9d23h30m'], { clock: behind });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/since: The since field must be within the 10-day log retention/);
    expect(r.stdout).toBe('');
    // A validation error is not retried.
    expect(apiRequests(sim, '/logs').length).toBe(1);
  });

  const invalid: [string, string[], RegExp][] = [
    ['since beyond retention', ['--since', '11d'], /--since 11d reaches beyond the 10-day log retention/],
    ['since timestamp beyond retention', ['--since', '2000-01-01T00:00:00Z'], /10-day log retention/],
    ['since not a duration', ['--since', 'soon'], /--since/],
    ['until not a timestamp', ['--until', 'now'], /--until/],
    ['limit zero', ['--limit', '0'], /--limit must be a whole number/],
    ['limit text', ['--limit', 'many'], /--limit/],
    ['unknown level', ['--level', 'fatal'], /--level/],
    ['unknown container', ['--container', 'sidecar'], /--container/],
    ['empty cursor', ['--cursor', ' '], /--cursor must not be empty/],
    ['follow with until', ['--follow', '--until', '2030-01-01T00:00:00Z'], /--follow and --until/],
  ];
  it.each(invalid)('%s: exit 2 naming the flag, no request sent', async (_n, flags, message) => {
    const r = await cli(sim, ['serverless', 'logs', WEB, ...flags]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(sim.requests.length).toBe(0);
  });

  it('a token without serverless:diagnostics: exit 4 naming the permission (logs and events)', async () => {
    for (const verb of ['logs', 'events']) {
      const r = await cli(sim, ['serverless', verb, WEB], { token: sim.tokens.no_diagnostics });
      expect(r.code, verb).toBe(4);
      expect(r.stderr, verb).toMatch(/serverless:diagnostics/);
      expect(r.stderr, verb).toMatch(/hint: the token lacks the serverless:diagnostics permission/);
    }
    // The 403 body does not name the permission: the client knows it from the request.
    expect(sim.requests.map((q) => q.path)).toEqual([`/api/v1/serverless/${WEB}/logs`, `/api/v1/serverless/${WEB}/events`]);
  });

  it('an unreadable page (entry without message): exit 1 naming the endpoint and field', async () => {
    sim.use(
      http.get('*/api/v1/serverless/:id/logs', () => HttpResponse.json({ success: true, data: { available: true, entries: [{ timestamp: 'x' }] }, meta: { next_cursor: null, truncated: false } })),
    );
    const r = await cli(sim, ['serverless', 'logs', WEB]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`GET /api/v1/serverless/${WEB}/logs .*data\\.entries\\[0\\]`));
  });

  it('--help says the level is a text match and shows examples', async () => {
    const r = await cli(sim, ['serverless', 'logs', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout.replace(/\s+/g, ' ')).toMatch(/a text match, not a guarantee/);
    expect(r.stdout).toMatch(/Examples:\n {2}infra serverless logs web/);
    expect(sim.requests.length).toBe(0);
  });

  it('unknown container: exit 5, by name (the lookup) and by id (the logs route)', async () => {
    const r = await cli(sim, ['serverless', 'logs', 'no-such-container']);
    expect(r.code).toBe(5);
    expect(requestLines(sim)).toEqual(['GET /api/v1/serverless', 'GET /api/v1/resources/search']);
    const missing = '00000000-0000-4000-8000-000000000000';
    const byId = await cli(sim, ['serverless', 'logs', missing]);
    expect(byId.code).toBe(5);
    expect(requestLines(sim).slice(2)).toEqual([`GET /api/v1/serverless/${missing}/logs`]);
  });
});

describe('serverless logs --follow', () => {
  it('after the backlog, polls for new entries without duplicates until Ctrl-C → 130', async () => {
    const controller = new AbortController();
    let polls = 0;
    const clock = instantClock({
      sim,
      frozen: true,
      onSleep: (ms) => {
        if (ms !== 2_000) return;
        polls += 1;
        sim.world.clock.advance(31);
        if (polls === 4) controller.abort(new InterruptedError());
      },
    });
    const r = await cli(sim, ['serverless', 'logs', WEB, '--since', '3m', '--follow', '--json'], { clock, signal: controller.signal });
    expect(r.code).toBe(130);
    const lines = ndjson(r.stdout);
    const keys = lines.map((l) => JSON.stringify(l));
    expect(new Set(keys).size).toBe(keys.length);
    const times = lines.map((l) => l.timestamp);
    expect([...times].sort()).toEqual(times);
    // 3 minutes of backlog at one line per 15 s, then 3 completed polls of 31 s each (the 4th was interrupted).
    expect(lines.length).toBe(12 + Math.floor((3 * 31) / 15));
    const reqs = apiRequests(sim, '/logs');
    expect(reqs.length).toBe(1 + 3);
    // Each poll asks from the newest timestamp already written (inclusive) and drops the repeat.
    expect(reqs[1]!.query.since).toBe(new Date(Date.parse(times[11]!)).toISOString());
    for (const q of reqs.map((x) => x.query)) expect(q.cursor).toBeUndefined();
  });

  it('prints lines as they appear while following; the backlog may be empty', async () => {
    const backlog = await rawLogs(WEB, { since: ago(1_000), limit: '1000' });
    const controller = new AbortController();
    let polls = 0;
    const clock = instantClock({
      sim,
      frozen: true,
      onSleep: () => {
        polls += 1;
        if (polls === 2) sim.world.clock.advance(16);
        if (polls === 4) controller.abort(new InterruptedError());
      },
    });
    const r = await cli(sim, ['serverless', 'logs', WEB, '--since', '1s', '--follow'], { clock, signal: controller.signal });
    expect(r.code).toBe(130);
    if (backlog.data.entries.length === 0) expect(r.stderr).toMatch(/waiting for new ones/);
    expect(r.stderr).toMatch(/error: interrupted/);
    expect(r.stdout.trimEnd().split('\n').length).toBe(backlog.data.entries.length + 1);
  });
});

describe('serverless logs: cost (the largest page, an idle follow backs off)', () => {
  it('asks for the largest page the API allows when --limit is not given', async () => {
    await control('/_sim/logs', { container_id: WEB, count: 2_500 });
    const r = await cli(sim, ['serverless', 'logs', WEB, '--since', '30m', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const reqs = apiRequests(sim, '/logs');
    for (const q of reqs.map((x) => x.query)) expect(q.limit).toBe('1000');
    expect(reqs.length).toBe(Math.ceil(ndjson(r.stdout).length / 1000));
  });

  it('an idle follow doubles its delay up to 10 s (6 requests a minute), and returns to 2 s when a line arrives', async () => {
    const controller = new AbortController();
    const sleeps: number[] = [];
    const clock = instantClock({
      sim,
      frozen: true,
      onSleep: (ms) => {
        sleeps.push(ms);
        // Ten idle polls, then a line arrives (the simulator prints one every 15 s), then idle again.
        if (sleeps.length === 10) sim.world.clock.advance(16);
        if (sleeps.length === 13) controller.abort(new InterruptedError());
      },
    });
    const r = await cli(sim, ['serverless', 'logs', WEB, '--since', '3m', '--follow', '--json'], { clock, signal: controller.signal });
    expect(r.code).toBe(130);
    expect(sleeps).toEqual([2_000, 4_000, 8_000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000, 2_000, 4_000, 8_000]);
    // Once idle, a minute of following costs six requests.
    const idleMinute = sleeps.slice(3, 9);
    expect(idleMinute.reduce((a, b) => a + b, 0)).toBe(60_000);
    expect(apiRequests(sim, '/logs').length).toBe(1 + 12);
  });

  it('a busy follow keeps polling every 2 s', async () => {
    const controller = new AbortController();
    const sleeps: number[] = [];
    const clock = instantClock({
      sim,
      frozen: true,
      onSleep: (ms) => {
        sleeps.push(ms);
        sim.world.clock.advance(16);
        if (sleeps.length === 8) controller.abort(new InterruptedError());
      },
    });
    const r = await cli(sim, ['serverless', 'logs', WEB, '--since', '3m', '--follow', '--json'], { clock, signal: controller.signal });
    expect(r.code).toBe(130);
    expect(new Set(sleeps)).toEqual(new Set([2_000]));
  });
});
