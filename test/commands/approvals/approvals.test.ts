// `account limits request` and `approvals get|wait` in-process, on the simulator's virtual
// time: the request body, the 202 answer, the reviewer's decision (granted after 2 minutes,
// refused when the reason says "reject"), the server's 30 s pacing, timeout + resume, Ctrl-C.
import { errorText } from '../../helpers/cli.js';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { InterruptedError } from '../../../src/cli/errors.js';
import { approvalStatus } from '../../../src/commands/kit/approvals.js';
import { increaseBody } from '../../../src/commands/account/limits-request.js';
import { REVIEW_SECONDS } from '../../../src/sim/handlers/approvals.js';
import { requestLines, useHarness, type Harness } from '../../helpers/sim.js';

let h: Harness;
useHarness((x) => (h = x));

const REQUEST = ['account', 'limits', 'request'];
const approvalGets = () => h.sim.requests.filter((q) => q.method === 'GET' && q.path.startsWith('/api/v1/approvals/'));
const idIn = (stdout: string) => /^Approval: +(\S+)$/m.exec(stdout)?.[1] ?? '';

/** Sim times of the approval reads, as the server received them. */
function readTimes(): number[] {
  const times: number[] = [];
  h.sim.use(
    http.get('*/api/v1/approvals/:id', () => {
      times.push(h.sim.world.now());
      return undefined; // the simulator's own handler answers
    }),
  );
  return times;
}

describe('infra account limits request', () => {
  it('sends RequestAccountLimitIncreaseRequest, prints the approval and how to follow it (exit 0)', async () => {
    const r = await h.cli([...REQUEST, '--resource', 'vps', '--limit', '10', '--reason', 'load test', '--profile', 'xlarge']);
    expect(r.code, r.stderr).toBe(0);
    expect(requestLines(h.sim)).toEqual(['POST /api/v1/account-limits/increase-requests']);
    expect(h.sim.requests[0]!.body).toEqual({ reason: 'load test', requested_vps_limit: 10, requested_profiles: ['xlarge'] });
    const id = idIn(r.stdout);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.stdout).toMatch(/^Status: +pending \(waiting for review\)$/m);
    expect(r.stdout).toMatch(/^Summary: +Raise vps limit to 10, profiles xlarge$/m);
    expect(r.stderr).toBe(`hint: follow it with: infra approvals wait ${id}\n`);
  });

  it('--json prints the approval as sent', async () => {
    const r = await h.cli([...REQUEST, '--resource', 'memory-gb', '--limit', '64', '--reason', 'bigger', '--json']);
    expect(r.code).toBe(0);
    expect(h.sim.requests[0]!.body).toEqual({ reason: 'bigger', requested_memory_gb: 64 });
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'pending', terminal: false, poll_after_ms: 30000, decided_at: null, failure_reason: null });
  });

  it('--wait: granted after the review, reads paced by poll_after_ms (30 s), exit 0', async () => {
    const times = readTimes();
    const r = await h.cli([...REQUEST, '--resource', 'database', '--limit', '8', '--reason', 'more shops', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/review of approval \S+ finished: approved/);
    // decided at 120 s; reads no closer than the server's 30 s
    expect(times.length).toBeGreaterThanOrEqual(2);
    expect(times.length).toBeLessThanOrEqual(REVIEW_SECONDS / 30 + 1);
    const start = times[0]! - 30_000;
    for (const [i, t] of times.entries()) expect(t - (i ? times[i - 1]! : start), `read ${i}`).toBeGreaterThanOrEqual(30_000);
    expect(approvalGets().at(-1)!.path).toBe(`/api/v1/approvals/${idIn(r.stdout)}`);
  });

  it('--wait: refused with the reviewer reason, exit 1', async () => {
    const r = await h.cli([...REQUEST, '--resource', 'cache', '--limit', '5', '--reason', 'please reject this', '--wait', '--json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'rejected', terminal: true, failure_reason: expect.stringContaining('declined') });
    expect(errorText(r.stderr)).toMatch(/error: review of approval \S+ failed: approval\.rejected/);
    expect(errorText(r.stderr)).toMatch(/message: The reviewer declined/);
  });

  it('a second request while one is open: 409 → exit 1 naming the open approval, and the command to follow it', async () => {
    const first = idIn((await h.cli([...REQUEST, '--resource', 'vps', '--limit', '10', '--reason', 'one'])).stdout);
    const r = await h.cli([...REQUEST, '--resource', 'vps', '--limit', '12', '--reason', 'two']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error: not sent again: approval ${first} is still open`);
    expect(r.stderr).toContain(`hint: follow that one with: infra approvals wait ${first}\n`);
  });

  it.each([
    [['--resource', 'vps', '--reason', 'x'], /--resource needs --limit/],
    [['--limit', '3', '--reason', 'x'], /--limit needs --resource/],
    [['--reason', 'x'], /nothing to ask for/],
    [['--resource', 'vps', '--limit', '3'], /--reason/],
    [['--resource', 'gpu', '--limit', '3', '--reason', 'x'], /--resource/],
    [['--resource', 'vps', '--limit', '0', '--reason', 'x'], /--limit must be a whole number/],
    [['--profile', 'huge', '--reason', 'x'], /--profile must be one of/],
    [['--resource', 'vps', '--limit', '3', '--reason', 'x', '--timeout', '1m'], /--timeout applies only with --wait/],
  ])('%j: exit 2, nothing sent', async (argv, message) => {
    const r = await h.cli([...REQUEST, ...argv]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(h.sim.requests).toEqual([]);
  });
});

describe('infra approvals wait / get', () => {
  const request = async (reason = 'ok') => idIn((await h.cli([...REQUEST, '--resource', 'vps', '--limit', '9', '--reason', reason])).stdout);

  it('timeout: exit 6 with the resume command, which then finishes (exit 0)', async () => {
    const id = await request();
    const r = await h.cli(['approvals', 'wait', id, '--timeout', '45s']);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain(`hint: resume waiting with: infra approvals wait ${id}\n`);
    const resumed = await h.cli(['approvals', 'wait', id]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/finished: approved/);
  });

  it('Ctrl-C while waiting: exit 130 with the resume command', async () => {
    const id = await request();
    const controller = new AbortController();
    const r = await h.cli(['approvals', 'wait', id], {
      signal: controller.signal,
      onIdle: () => {
        if (approvalGets().length >= 1) controller.abort(new InterruptedError());
      },
    });
    expect(r.code).toBe(130);
    expect(r.stderr).toContain(`resume waiting with: infra approvals wait ${id}`);
  });

  it('get: the approval as it stands; a pending one hints the wait; 404 → exit 5', async () => {
    const id = await request('please reject');
    const pending = await h.cli(['approvals', 'get', id]);
    expect(pending.code).toBe(0);
    expect(pending.stderr).toBe(`hint: follow it with: infra approvals wait ${id}\n`);
    h.api.advance(REVIEW_SECONDS);
    const decided = await h.cli(['approvals', 'get', id]);
    expect(decided.stdout).toMatch(/^Status: +rejected \(decided\)$/m);
    expect(decided.stdout).toMatch(/^Reason: +The reviewer declined/m);
    expect(decided.stderr).toBe('');
    const missing = await h.cli(['approvals', 'get', 'no-such-approval']);
    expect(missing.code).toBe(5);
    expect(requestLines(h.sim).at(-1)).toBe('GET /api/v1/approvals/no-such-approval');
  });

  it('wait on an approval that does not exist: exit 5 after one read, not a wait', async () => {
    const r = await h.cli(['approvals', 'wait', 'no-such-approval']);
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('error: no approval no-such-approval (404 on GET /api/v1/approvals/no-such-approval)');
    expect(requestLines(h.sim)).toEqual(['GET /api/v1/approvals/no-such-approval']);
  });
});

describe('approvalStatus: an approval in the status model (pure)', () => {
  it.each([
    [{ status: 'pending', terminal: false, poll_after_ms: 30000 }, { terminal: false, state: 'running', poll_after_ms: 30000 }, null],
    [{ status: 'approved', terminal: true }, { terminal: true, state: 'succeeded' }, null],
    [{ status: 'granted', terminal: true }, { terminal: true, state: 'succeeded' }, null],
    [
      { status: 'rejected', terminal: true, failure_reason: 'no' },
      { terminal: true, state: 'failed' },
      { code: 'approval.rejected', message: 'no', retryable: false },
    ],
    [{ status: 'expired', terminal: true }, { terminal: true, state: 'failed' }, { code: 'approval.expired' }],
    // a terminal status the client does not know is never a success
    [{ status: 'archived', terminal: true }, { terminal: true, state: 'failed' }, { code: 'approval.archived' }],
    // no `terminal`: the wait cannot tell (it says so, exit 1) instead of guessing from status
    [{ status: 'approved' }, { terminal: undefined, state: 'running' }, null],
  ])('%j', (approval, operation, error) => {
    const s = approvalStatus({ id: 'a1', ...approval });
    expect(s.status_details?.operation).toMatchObject(operation);
    if (error === null) expect(s.status_details?.error).toBeNull();
    else expect(s.status_details?.error).toMatchObject(error);
  });

  it('increaseBody sends only what was given', () => {
    expect(increaseBody({ resource: 'cpu-cores', limit: 16, reason: 'r', profiles: [] })).toEqual({ reason: 'r', requested_cpu_cores: 16 });
    expect(increaseBody({ reason: 'r', profiles: ['small', 'small'] })).toEqual({ reason: 'r', requested_profiles: ['small'] });
  });
});
