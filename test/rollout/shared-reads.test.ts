// Many waits sharing one list read per cycle (src/wait/shared-reads.ts), on a fake clock: the
// number of list and single reads, the shared backoff, the server's pacing, the fallback to
// single reads, and the rule that only a read that cannot end a wait comes from the list.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Container } from '../../src/client/schemas.js';
import { decide, type Read } from '../../src/wait/decide.js';
import { waitForRollout, type WaitResult } from '../../src/wait/poller.js';
import { canOnlyWait, SharedReads } from '../../src/wait/shared-reads.js';
import { manualClock, type FakeClock } from '../helpers/clock.js';
import { container } from './fixtures.js';

const G = 3;
const MIN = 60_000;
type Item = Container & { id: string };

/** Containers rolling out G until their `doneAt` (ms from the start), then ready; `pollAfterMs` on every read. */
function project(clock: FakeClock, doneAt: Record<string, number>, opts: { pollAfterMs?: number; tooLong?: boolean } = {}) {
  const t0 = clock.now();
  const calls = { list: [] as number[], get: [] as string[] };
  const read = (id: string): Item => {
    const done = clock.now() - t0 >= doneAt[id]!;
    const shape = done ? {} : { summary: 'in_progress', state: 'running', terminal: false };
    return { ...container({ ...shape, ...(opts.pollAfterMs ? { pollAfterMs: opts.pollAfterMs } : {}) }), id } as Item;
  };
  const shared = new SharedReads<Item>(
    {
      list: async () => {
        calls.list.push(clock.now() - t0);
        return opts.tooLong ? undefined : Object.keys(doneAt).map(read);
      },
      get: async (id) => {
        calls.get.push(id);
        return read(id);
      },
    },
    { clock, signal: new AbortController().signal },
  );
  const waits = Object.keys(doneAt).map((id) => waitForRollout({ fetch: shared.reader(id, { generation: G }), target: { generation: G }, clock, random: () => 0.5, timeoutMs: 15 * MIN }));
  return { calls, done: clock.run(Promise.all(waits)) as Promise<WaitResult[]> };
}

describe('shared reads for many waits', () => {
  it('50 waits over ten minutes: one list read per cycle, on the backoff to the 5 s cap; one GET each for the verdict', async () => {
    const clock = manualClock();
    const doneAt = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`c${i}`, 10 * MIN]));
    const { calls, done } = project(clock, doneAt);
    const results = await done;
    expect(results.map((r) => r.outcome)).toEqual(Array(50).fill('ready'));
    // Ten minutes at a 5 s cap: 120 cycles plus the short first ones, never one per wait.
    expect(calls.list.length).toBeGreaterThan(100);
    expect(calls.list.length).toBeLessThanOrEqual(128);
    // Within the first minute: at most 20 requests in all (the target for 50 containers).
    expect(calls.list.filter((t) => t < MIN).length).toBeLessThanOrEqual(20);
    // The first read at once, then gaps on the engine's backoff (1 s ×1.5 ...), then the cap.
    expect(calls.list.slice(0, 5)).toEqual([0, 1000, 2500, 4750, 8125]);
    // The verdicts: each container's own read, once.
    expect(calls.get.sort()).toEqual(Object.keys(doneAt).sort());
  });

  it('never reads the list sooner than the slowest poll_after_ms the list carried', async () => {
    const clock = manualClock();
    const { calls, done } = project(clock, { a: 2 * MIN, b: 2 * MIN }, { pollAfterMs: 20_000 });
    await done;
    const gaps = calls.list.slice(1).map((t, i) => t - calls.list[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(20_000);
  });

  it('a list longer than the reads it saves: one GET per wait per poll from then on', async () => {
    const clock = manualClock();
    const { calls, done } = project(clock, { a: 30_000, b: 30_000 }, { tooLong: true });
    const results = await done;
    expect(results.map((r) => r.outcome)).toEqual(['ready', 'ready']);
    expect(calls.list).toHaveLength(1);
    expect(calls.get.length).toBeGreaterThan(4);
  });

  it('a list item that may end a wait is never served: decide() waits on it whatever was seen', () => {
    const read: fc.Arbitrary<Read> = fc.record({
      status_details: fc.record({
        summary: fc.constantFrom('ready', 'degraded', 'failed', 'in_progress'),
        stale: fc.boolean(),
        observed_at: fc.constantFrom('2025-01-01T00:00:00.000Z', '2025-01-01T00:01:00.000Z'),
        operation: fc.record({ state: fc.constantFrom('queued', 'running', 'succeeded', 'failed'), terminal: fc.boolean() }),
      }),
      observed_generation: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
      current_revision: fc.constantFrom('r1', 'r2'),
      deployment_count: fc.integer({ min: 1, max: 3 }),
    });
    const target = fc.oneof(
      fc.record({ generation: fc.integer({ min: 1, max: 5 }) }),
      fc.record({ baseline: fc.record({ observed_at: fc.constant('2025-01-01T00:00:00.000Z'), current_revision: fc.constant('r1'), deployment_count: fc.constant(1) }) }),
      fc.constant({}),
    );
    fc.assert(
      fc.property(read, target, fc.boolean(), (r, t, inFlight) => {
        if (canOnlyWait(r, t)) expect(decide(r, t, { inFlight }).kind).toBe('wait');
      }),
      { numRuns: 2_000 },
    );
  });
});
