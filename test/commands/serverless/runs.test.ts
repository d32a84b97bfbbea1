// `serverless run` and `serverless runs ...` in-process against the simulator, in virtual
// time (the CLI's clock is the simulator's): the requests and their bodies, the exit code of
// each outcome, the log printed as it grows (each line once), and what a followed run costs.
import { describe, expect, it } from 'vitest';
import { body, createBody, requestLines, SEED_IDS, useHarness, type Harness } from '../../helpers/sim.js';

let h: Harness;
useHarness((x) => (h = x));

const WEB = SEED_IDS.web;
const runsPath = `/api/v1/serverless/${WEB}/runs`;
const posts = () => h.sim.requests.filter((q) => q.method === 'POST' && q.path === runsPath);
const newest = () => h.sim.requests.filter((q) => q.method === 'POST' && q.path === runsPath).at(-1);

/** Starts a run the way a script would (not recorded), returning its id. */
async function startRun(command: string[], extra: Record<string, unknown> = {}): Promise<string> {
  const res = await h.api.send('POST', runsPath, { command, ...extra }, { record: false });
  expect(res.status).toBe(201);
  return (await body<{ data: { id: string } }>(res)).data.id;
}

/** The whole log the simulator holds for a run now. */
async function logOf(run: string): Promise<string> {
  const res = await h.api.get(`${runsPath}/${run}/logs`, { record: false });
  return (await body<{ data: { logs: string } }>(res)).data.logs;
}

describe('serverless run', () => {
  it('without --wait: sends command, env, timeout_seconds and image_tag, prints the run id', async () => {
    const r = await h.cli(['serverless', 'run', 'web', '--env', 'A=1', '--env', 'B=x=y', '--timeout', '10m', '--image-tag', '1.1.0', '--', 'npm', 'run', 'migrate', '--', '--dry']);
    expect(r.code, r.stderr).toBe(0);
    const id = r.stdout.trim();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts()).toHaveLength(1);
    expect(newest()!.body).toEqual({ command: ['npm', 'run', 'migrate', '--', '--dry'], env: { A: '1', B: 'x=y' }, timeout_seconds: 600, image_tag: '1.1.0' });
    expect(r.stderr).toContain(`follow it with: infra serverless runs wait web ${id}`);
    expect(requestLines(h.sim)).toEqual(['GET /api/v1/serverless', `POST ${runsPath}`]);
  });

  it('--json without --wait: the run object as the API sent it', async () => {
    const r = await h.cli(['serverless', 'run', 'web', '--json', '--', 'true']);
    expect(r.code, r.stderr).toBe(0);
    const run = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(run).toMatchObject({ container_id: WEB, status: 'queued', terminal: false, command: ['true'], env_keys: [] });
    expect(newest()!.body).toEqual({ command: ['true'] });
  });

  it('--wait, success: exit 0, the log on stderr as it grows, every line once, stdout empty', async () => {
    const r = await h.cli(['serverless', 'run', 'web', '--wait', '--', 'npm', 'run', 'migrate']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    const id = /run ([0-9a-f-]{36}) of web started/.exec(r.stderr)![1]!;
    const log = await logOf(id);
    expect(log).toContain('exited with code 0');
    // The log's lines appear in stderr in order, each exactly once.
    const lines = log.trimEnd().split('\n');
    for (const line of lines)
      expect(
        r.stderr.split('\n').filter((l) => l === line),
        line,
      ).toHaveLength(1);
    const at = lines.map((l) => r.stderr.indexOf(`${l}\n`));
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(r.stderr).toMatch(/run [0-9a-f-]{36} of web finished: succeeded/);
  });

  it('--wait --json: stdout is the final run object', async () => {
    const r = await h.cli(['serverless', 'run', 'web', '--wait', '--json', '--', 'echo', 'hi']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'succeeded', terminal: true, exit_code: 0, command: ['echo', 'hi'] });
  });

  it("--wait --progress json: stderr is NDJSON events only (the log is left out), the exit code still the run's", async () => {
    const r = await h.cli(['serverless', 'run', 'web', '--wait', '--progress', 'json', '--', 'sh', '-c', 'exit 5']);
    expect(r.code).toBe(5);
    const lines = r.stderr.trimEnd().split('\n');
    const events = lines.filter((l) => l.startsWith('{'));
    expect(events.length).toBeGreaterThanOrEqual(2);
    for (const e of events) expect(() => JSON.parse(e)).not.toThrow();
    // Only the final error and hint lines are not events; no log line is.
    expect(
      lines.filter((l) => !l.startsWith('{')).map((l) => l.split(' ')[0]),
      r.stderr,
    ).toEqual(['error:', '', 'hint:']);
    expect(h.sim.requests.some((q) => q.path.endsWith('/logs'))).toBe(false);
  });

  it('--wait, the command fails: its exit code passed through', async () => {
    const r = await h.cli(['serverless', 'run', 'web', '--wait', '--', 'sh', '-c', 'exit 3']);
    expect(r.code).toBe(3);
    expect(newest()!.body).toEqual({ command: ['sh', '-c', 'exit 3'] });
    expect(r.stderr).toMatch(/error: run ([0-9a-f-]{36}) of web failed with exit code 3\n/);
    expect(r.stderr).toContain('exited with code 3\n');
    expect(r.stderr).toMatch(/hint: 'infra serverless runs logs web [0-9a-f-]{36}' shows its whole log/);
  });

  it('--wait, past its own --timeout: timed_out, exit 124; the wait allows the run its limit plus a margin', async () => {
    const r = await h.cli(['serverless', 'run', 'web', '--wait', '--timeout', '60s', '--', 'sleep', '600']);
    expect(r.code).toBe(124);
    expect(newest()!.body).toEqual({ command: ['sleep', '600'], timeout_seconds: 60 });
    expect(r.stderr).toMatch(/error: run [0-9a-f-]{36} of web was stopped by its time limit of 60s \(exit 124\)/);
    expect(r.stderr).toContain('(timeout 6m)');
  });

  it('--wait, cancelled while running: exit 125', async () => {
    let cancelled = false;
    const r = await h.cli(['serverless', 'run', 'web', '--wait', '--', 'sleep', '100'], {
      onIdle: async () => {
        // Once the CLI has read the run's log, the run is running: cancel it as a person would.
        const logs = h.sim.requests.find((q) => q.method === 'GET' && q.path.startsWith(`${runsPath}/`) && q.path.endsWith('/logs'));
        if (cancelled || !logs) return;
        cancelled = true;
        await h.api.send('POST', logs.path.replace(/\/logs$/, '/cancel'), undefined, { record: false });
      },
    });
    expect(r.code).toBe(125);
    expect(r.stderr).toMatch(/error: run [0-9a-f-]{36} of web was cancelled \(exit 125\)/);
    expect(r.stderr).toContain('killed: cancelled\n');
  });

  it('--wait-timeout: exit 6 with the resume command; the run goes on', async () => {
    const r = await h.cli(['serverless', 'run', 'web', '--wait', '--wait-timeout', '20s', '--', 'sleep', '600']);
    expect(r.code).toBe(6);
    const id = /run ([0-9a-f-]{36}) of web started/.exec(r.stderr)![1]!;
    expect(r.stderr).toContain(`error: timed out after 20s waiting for the run ${id} of web; it goes on server-side`);
    expect(r.stderr).toContain(`hint: resume waiting with: infra serverless runs wait web ${id}\n`);
  });

  it('one active run per container: the 409 names it and how to follow or cancel it (exit 1)', async () => {
    const active = await startRun(['sleep', '100']);
    const r = await h.cli(['serverless', 'run', 'web', '--wait', '--', 'ls']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`error: container web already has an active run: ${active} (one run at a time)\n`);
    expect(r.stderr).toContain(`hint: follow it with: infra serverless runs wait web ${active}; or cancel it with: infra serverless runs cancel web ${active}\n`);
    expect(posts()).toHaveLength(1);
  });

  it('runs not enabled for the account: one line, exit 1', async () => {
    const res = await h.api.send('POST', '/api/v1/serverless', createBody('norun-app', '1.0.0'), { record: false });
    expect(res.status).toBe(201);
    for (const argv of [
      ['serverless', 'run', 'norun-app', '--', 'ls'],
      ['serverless', 'runs', 'list', 'norun-app'],
      ['serverless', 'schedules', 'list', 'norun-app'],
    ]) {
      const r = await h.cli(argv);
      expect(r.code, argv.join(' ')).toBe(1);
      expect(r.stderr).toMatch(/^error: runs are not enabled for this account \(404 serverless\.runs_not_enabled on (GET|POST) \/api\/v1\/serverless\/[0-9a-f-]{36}\/(runs|schedules)\)\nhint: .*\n$/);
    }
  });

  it('a followed run of 30 s: what it costs in requests', async () => {
    const r = await h.cli(['serverless', 'run', 'web', '--wait', '--', 'sleep', '30']);
    expect(r.code, r.stderr).toBe(0);
    const lines = requestLines(h.sim);
    const id = /run ([0-9a-f-]{36}) of web started/.exec(r.stderr)![1]!;
    const reads = lines.filter((l) => l === `GET ${runsPath}/${id}`).length;
    const logs = lines.filter((l) => l === `GET ${runsPath}/${id}/logs`).length;
    // 1 name lookup + 1 POST + the reads (1 s backing off to 5 s, over 31 s) + a log read per read after the start.
    expect(lines[0]).toBe('GET /api/v1/serverless');
    expect(lines[1]).toBe(`POST ${runsPath}`);
    expect(reads).toBeGreaterThanOrEqual(7);
    expect(reads).toBeLessThanOrEqual(11);
    expect(logs).toBeLessThanOrEqual(reads);
    expect(lines).toHaveLength(2 + reads + logs);
    console.log(`a followed 30 s run: ${lines.length} requests (${reads} run reads, ${logs} log reads, 1 lookup, 1 POST)`);
  });
});

describe('serverless runs', () => {
  it('list: a table of id, status, exit code, command, created, duration; --json the objects', async () => {
    const id = await startRun(['sh', '-c', 'exit 2']);
    h.api.advance(10);
    const r = await h.cli(['serverless', 'runs', 'list', 'web']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('ID\tSTATUS\tEXIT\tCOMMAND\tCREATED\tDURATION');
    expect(r.stdout).toContain(`${id}\tfailed\t2\tsh -c 'exit 2'\t10s ago\t3s\n`);
    const j = await h.cli(['serverless', 'runs', 'list', 'web', '--json']);
    expect(JSON.parse(j.stdout)).toMatchObject([{ id, status: 'failed', exit_code: 2 }]);
  });

  it('show: one run; an unknown run is exit 5', async () => {
    const id = await startRun(['ls'], { env: { SECRET: 'x' } });
    const r = await h.cli(['serverless', 'runs', 'show', 'web', id]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/status:\s+queued/);
    expect(r.stdout).toMatch(/env:\s+SECRET\n/);
    expect(r.stdout).not.toContain('x\n');
    const missing = await h.cli(['serverless', 'runs', 'show', 'web', 'nope']);
    expect(missing.code).toBe(5);
    expect(missing.stderr).toContain('error: no run nope on container web (404 on GET /api/v1/serverless/');
  });

  it('logs: the whole text on stdout; --follow prints it as it grows, each line once, exit 0 even when the run failed', async () => {
    const id = await startRun(['sh', '-c', 'exit 4']);
    const r = await h.cli(['serverless', 'runs', 'logs', 'web', id, '--follow']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(await logOf(id));
    expect(r.stderr).toContain(`run ${id} of web failed with exit code 4`);
    const once = await h.cli(['serverless', 'runs', 'logs', 'web', id]);
    expect(once.stdout).toBe(r.stdout);
    const j = await h.cli(['serverless', 'runs', 'logs', 'web', id, '--json']);
    expect(JSON.parse(j.stdout)).toMatchObject({ run_id: id, source: 'stored' });
  });

  it('cancel: an active run ends cancelled; a finished one is refused (409, exit 1)', async () => {
    const id = await startRun(['sleep', '100']);
    const r = await h.cli(['serverless', 'runs', 'cancel', 'web', id]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${id}\tcancelled\n`);
    expect(requestLines(h.sim).at(-1)).toBe(`POST ${runsPath}/${id}/cancel`);
    const again = await h.cli(['serverless', 'runs', 'cancel', 'web', id]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`error: run ${id} of web is no longer active: nothing to cancel (409 on POST`);
  });

  it('wait: a run that already ended prints its log and exits with its code', async () => {
    const id = await startRun(['sh', '-c', 'exit 7']);
    h.api.advance(10);
    const r = await h.cli(['serverless', 'runs', 'wait', 'web', id]);
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('exited with code 7\n');
    expect(requestLines(h.sim).filter((l) => l.startsWith(`GET ${runsPath}/${id}`))).toEqual([`GET ${runsPath}/${id}`, `GET ${runsPath}/${id}/logs`]);
  });

  it('wait: by default allows the run its own time limit plus 5 minutes (at least 15)', async () => {
    const long = await startRun(['true'], { timeout_seconds: 3600 });
    const r = await h.cli(['serverless', 'runs', 'wait', 'web', long]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/\(timeout 1h ?5m\)/);
    const short = await startRun(['true'], { timeout_seconds: 60 });
    const s = await h.cli(['serverless', 'runs', 'wait', 'web', short]);
    expect(s.stderr).toContain('(timeout 15m)');
  });

  it('wait --no-logs --json: no log, the run object on stdout', async () => {
    const id = await startRun(['true']);
    const r = await h.cli(['serverless', 'runs', 'wait', 'web', id, '--no-logs', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id, status: 'succeeded' });
    expect(r.stderr).not.toContain('working');
    expect(requestLines(h.sim).some((l) => l.endsWith('/logs'))).toBe(false);
  });
});

describe('bad input: one line, exit 2, nothing sent', () => {
  it.each([
    [['serverless', 'run', 'web', '--env', 'NOEQUALS', '--', 'ls'], /--env expects KEY=VALUE, got "NOEQUALS"/],
    [['serverless', 'run', 'web', '--'], /missing required argument 'command'/],
    [['serverless', 'run', 'web'], /missing required argument 'command'/],
    [['serverless', 'run', 'web', '--timeout', 'soon', '--', 'ls'], /--timeout/],
    [['serverless', 'run', 'web', '--wait-timeout', '5m', '--', 'ls'], /--wait-timeout applies only with --wait/],
    [['serverless', 'runs', 'logs', 'web', 'r1', '--timeout', '5m'], /--timeout applies only with --follow/],
  ])('%j', async (argv, message) => {
    const r = await h.cli(argv);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toMatch(message);
    expect(h.sim.requests).toEqual([]);
  });
});
