import { describe, expect, it } from 'vitest';
import { AuthError, NotFoundError, UnavailableError } from '../../src/client/errors.js';
import type { Container } from '../../src/client/schemas.js';
import { waitForRollout, type WaitEvent, type WaitOptions } from '../../src/wait/poller.js';
import { manualClock, type FakeClock } from '../helpers/clock.js';
import { container, type Shape } from './fixtures.js';

const G = 3;
const MIN = 60_000;

/** A container whose rollout of G is queued until `queuedMs`, runs until `doneMs`, then ends as `end`. */
function timeline(clock: FakeClock, queuedMs: number, doneMs: number, end: Shape = {}) {
  const t0 = clock.now();
  const reads: number[] = [];
  const fetch = async (): Promise<Container> => {
    const t = clock.now() - t0;
    reads.push(t);
    if (t < queuedMs) return container({ summary: 'ready', state: 'queued', terminal: false, observed: G - 1 });
    if (t < doneMs) return container({ summary: 'in_progress', health: 'unknown', state: 'running', terminal: false });
    return container(end);
  };
  return { fetch, reads };
}

function start(clock: FakeClock, opts: Partial<WaitOptions> & Pick<WaitOptions, 'fetch'>) {
  const events: WaitEvent[] = [];
  const promise = waitForRollout({ target: { generation: G }, clock, random: () => 0.5, timeoutMs: 15 * MIN, onProgress: (e) => events.push(e), ...opts });
  return { events, done: clock.run(promise) };
}

describe('waitForRollout', () => {
  it('a delete waits for the 404 even when the reads before it carry no status it can judge', async () => {
    const clock = manualClock();
    let reads = 0;
    const fetch = async (): Promise<Container> => {
      if (++reads === 3) throw new NotFoundError('gone', 404, 'GET /api/v1/vps/x');
      return { ...container({}), status_details: undefined } as Container;
    };
    const { done } = start(clock, { fetch, untilGone: true, target: { baseline: null } });
    const r = await done;
    expect(r.outcome).toBe('deleted');
    expect(reads).toBe(3);
  });

  it('backs off 1 s ×1.5 to the 5 s cap and makes no request after the terminal read', async () => {
    const clock = manualClock();
    const { fetch, reads } = timeline(clock, 2_000, 12_000);
    const { done } = start(clock, { fetch });
    const r = await done;
    expect(r.outcome).toBe('ready');
    // First read at once, then 1000, 1500, 2250, 3375, 5000 ms apart (the first sleep is the deadline timer).
    expect(clock.sleeps).toEqual([15 * MIN, 1000, 1500, 2250, 3375, 5000]);
    expect(reads).toEqual([0, 1000, 2500, 4750, 8125, 13125]);
    expect(r.requests).toBe(6);
    expect(r.elapsedMs).toBe(13_125);
  });

  it('stays within T/cap + 5 requests and detects the end within one cap for a long rollout', async () => {
    for (const seconds of [30, 60, 300, 900]) {
      const clock = manualClock();
      const T = seconds * 1000;
      const { fetch, reads } = timeline(clock, 2_000, T);
      let i = 0;
      const random = () => [0.1, 0.9, 0.4, 0.7][i++ % 4]!;
      const { done } = start(clock, { fetch, random, timeoutMs: 30 * MIN });
      const r = await done;
      expect(r.outcome).toBe('ready');
      expect(r.requests).toBeLessThanOrEqual(T / 5000 + 5);
      expect(r.elapsedMs - T).toBeLessThanOrEqual(5500);
      expect(reads.length).toBe(r.requests);
    }
  });

  it('uses --interval as the cap', async () => {
    const clock = manualClock();
    const { fetch } = timeline(clock, 0, 2_000);
    const { done } = start(clock, { fetch, intervalCapMs: 200 });
    const r = await done;
    expect(clock.sleeps.slice(1)).toEqual(Array(10).fill(200));
    expect(r.requests).toBe(11);
  });

  it('decides the initial read without a request when it is already final', async () => {
    const clock = manualClock();
    let calls = 0;
    const { done } = start(clock, { fetch: async () => (calls++, container()), initial: container() });
    expect((await done).outcome).toBe('ready');
    expect(calls).toBe(0);
  });

  it('with an initial read, waits one interval before the first request', async () => {
    const clock = manualClock();
    const { fetch, reads } = timeline(clock, 0, 0);
    const { done } = start(clock, { fetch, initial: container({ state: 'queued', terminal: false, observed: G - 1 }) });
    const r = await done;
    expect(reads).toEqual([1000]);
    expect(r.requests).toBe(1);
  });

  it('reports queued behind another rollout, then rolling out', async () => {
    const clock = manualClock();
    const t0 = clock.now();
    const fetch = async () => {
      const t = clock.now() - t0;
      if (t < 3000) return container({ summary: 'in_progress', state: 'running', terminal: false, observed: G - 1 });
      if (t < 6000) return container({ summary: 'in_progress', state: 'running', terminal: false });
      return container({ summary: 'degraded', state: 'failed' });
    };
    const { done, events } = start(clock, { fetch });
    const r = await done;
    expect(r.outcome).toBe('degraded');
    const phases = events.flatMap((e) => (e.type === 'status' ? [`${e.decision.phase}${e.decision.behind ? '+behind' : ''}`] : []));
    expect(phases).toEqual(['queued+behind', 'queued+behind', 'queued+behind', 'rolling_out']);
  });

  it('does not stop on a stale terminal status', async () => {
    const clock = manualClock();
    const answers = [container({ stale: true }), container({ stale: true }), container({ summary: 'failed', state: 'failed' })];
    let i = 0;
    const { done, events } = start(clock, { fetch: async () => answers[i++]! });
    const r = await done;
    expect(r.outcome).toBe('failed');
    expect(r.requests).toBe(3);
    expect(events.filter((e) => e.type === 'status' && e.decision.phase === 'stale')).toHaveLength(2);
  });

  it('counts merged changes as finished for G', async () => {
    const clock = manualClock();
    const { done } = start(clock, { fetch: async () => container({ observed: G + 2, spec: G + 2 }) });
    const r = await done;
    expect(r).toMatchObject({ outcome: 'ready', decision: { merged: true, observedGeneration: G + 2 }, requests: 1 });
  });

  it('times out at the deadline (exit 6 path) without a request at or after it', async () => {
    const clock = manualClock();
    const { fetch, reads } = timeline(clock, 0, Infinity);
    const { done } = start(clock, { fetch, timeoutMs: 20_000 });
    const r = await done;
    expect(r.outcome).toBe('timeout');
    expect(r.elapsedMs).toBe(20_000);
    expect(reads).toEqual([0, 1000, 2500, 4750, 8125, 13125, 18125]);
    expect(r.container?.status_details?.operation?.state).toBe('running');
  });

  it('cuts a read in flight at the deadline', async () => {
    const clock = manualClock();
    const fetch = (signal: AbortSignal) => clock.sleep(10 * MIN, signal).then(() => container());
    const { done } = start(clock, { fetch, timeoutMs: 30_000 });
    const r = await done;
    expect(r).toMatchObject({ outcome: 'timeout', elapsedMs: 30_000, requests: 1 });
  });

  it('ends as interrupted on Ctrl-C and makes no further request', async () => {
    const clock = manualClock();
    const ctrl = new AbortController();
    const { fetch, reads } = timeline(clock, 0, Infinity);
    const wrapped = async (s: AbortSignal) => {
      const c = await fetch();
      if (reads.length === 3) setImmediate(() => ctrl.abort(new Error('interrupted')));
      void s;
      return c;
    };
    const { done } = start(clock, { fetch: wrapped, signal: ctrl.signal });
    const r = await done;
    expect(r.outcome).toBe('interrupted');
    expect(r.requests).toBe(3);
    expect(r.elapsedMs).toBe(2500);
  });

  it('keeps waiting through 429/5xx/network errors and reports them', async () => {
    const clock = manualClock();
    let i = 0;
    const fetch = async () => {
      i++;
      if (i === 2 || i === 3) throw new UnavailableError('the API answered 503 on GET /api/v1/serverless/101 after 4 attempts', 503, 'GET /api/v1/serverless/101');
      if (i < 5) return container({ state: 'running', terminal: false, summary: 'in_progress' });
      return container();
    };
    const { done, events } = start(clock, { fetch });
    const r = await done;
    expect(r.outcome).toBe('ready');
    expect(r.requests).toBe(5);
    expect(events.filter((e) => e.type === 'error')).toHaveLength(2);
    expect(r.lastError).toBeUndefined();
  });

  it('times out with the last error when the service never answers', async () => {
    const clock = manualClock();
    const fetch = async () => {
      throw new UnavailableError('cannot reach http://x (ECONNREFUSED)', 0, 'GET /api/v1/serverless/101');
    };
    const { done } = start(clock, { fetch, timeoutMs: 10_000 });
    const r = await done;
    expect(r.outcome).toBe('timeout');
    expect(r.container).toBeUndefined();
    expect(r.lastError?.message).toMatch(/ECONNREFUSED/);
  });

  it('treats a 404 during the wait as the container deleted: outcome failed', async () => {
    const clock = manualClock();
    let i = 0;
    const fetch = async () => {
      if (i++ < 2) return container({ state: 'running', terminal: false, summary: 'in_progress' });
      throw new NotFoundError('Container not found.', 404, 'GET /api/v1/serverless/101');
    };
    const { done } = start(clock, { fetch });
    const r = await done;
    expect(r).toMatchObject({ outcome: 'failed', deleted: true, requests: 3 });
    expect(r.decision).toBeUndefined();
    expect(r.container?.status_details?.summary).toBe('in_progress');
  });

  it('lets errors that will not pass end the wait (401/403)', async () => {
    const clock = manualClock();
    const fetch = async () => {
      throw new AuthError('Unauthenticated.', 401, 'GET /api/v1/serverless/101');
    };
    const { done } = start(clock, { fetch });
    await expect(done).rejects.toBeInstanceOf(AuthError);
  });

  it('slows down when X-RateLimit-Remaining runs low', async () => {
    const clock = manualClock();
    const { fetch } = timeline(clock, 0, 20_000);
    const resetAt = clock.now() + 60_000;
    const { done, events } = start(clock, { fetch, rateLimit: () => ({ limit: 100, remaining: 4, resetAt }) });
    const r = await done;
    expect(r.outcome).toBe('ready');
    // (resetAt - now) / 4 instead of 1000 ms, then the budget spreads over what is left of the window.
    expect(clock.sleeps.slice(1, 3)).toEqual([15_000, 11_250]);
    expect(events.some((e) => e.type === 'slowdown')).toBe(true);
    expect(r.requests).toBe(3);
  });

  it('a server without generations: waits for a fresh read, then decides on it (evidence fresh_observation)', async () => {
    const clock = manualClock();
    const t0 = clock.now();
    const fetch = async (): Promise<Container> => {
      const t = clock.now() - t0;
      // Until 3 s the platform has not observed the change: the status is the previous rollout's.
      if (t < 3000) return container({ observed: null, summary: 'failed', state: 'failed' });
      if (t < 6000) return container({ observed: null, observedAt: '2025-01-01T00:00:04.000Z', summary: 'in_progress', state: 'running', terminal: false });
      return container({ observed: null, observedAt: '2025-01-01T00:00:07.000Z', deployments: 4 });
    };
    const events: WaitEvent[] = [];
    const r = await clock.run(
      waitForRollout({
        fetch,
        target: { baseline: { observed_at: '2025-01-01T00:00:00.000Z', current_revision: 'web-00003', deployment_count: 3 } },
        clock,
        random: () => 0.5,
        timeoutMs: 15 * MIN,
        onProgress: (e) => events.push(e),
      }),
    );
    expect(r).toMatchObject({ outcome: 'ready', evidence: 'fresh_observation' });
    const phases = events.flatMap((e) => (e.type === 'status' ? [e.decision.phase] : []));
    expect(phases[0]).toBe('previous_rollout');
    expect(phases).toContain('rolling_out');
  });

  it('no status_details at all: ends at once as impossible, with the missing field', async () => {
    const clock = manualClock();
    let reads = 0;
    const fetch = async (): Promise<Container> => {
      reads++;
      return { ...container({ observed: null }), status_details: undefined } as Container;
    };
    const r = await clock.run(waitForRollout({ fetch, target: { baseline: null }, clock, random: () => 0.5, timeoutMs: 15 * MIN }));
    expect(r).toMatchObject({ outcome: 'impossible', missing: 'status_details' });
    expect(reads).toBe(1);
  });

  it("honours the server's pacing: poll_after_ms first, then the operation's own", async () => {
    const clock = manualClock();
    const t0 = clock.now();
    const reads: number[] = [];
    const fetch = async (): Promise<Container> => {
      const t = clock.now() - t0;
      reads.push(t);
      if (t < 9000) return container({ summary: 'in_progress', state: 'running', terminal: false, pollAfterMs: 4000 });
      return container({});
    };
    const initial = container({ summary: 'pending', state: 'queued', terminal: false, observed: G - 1 });
    const r = await clock.run(waitForRollout({ fetch, initial, pollAfterMs: 3000, target: { generation: G }, clock, random: () => 0.5, timeoutMs: 15 * MIN }));
    expect(r.outcome).toBe('ready');
    // 3000 (the create's pacing), then at least 4000 each (the operation's), not 1500/2250.
    expect(reads).toEqual([3000, 7000, 11000]);
  });
});
