// A model-based test of the one wait (contract 6, rule 8 above all): thousands of random but
// legal server histories played through the pipeline a change goes through (the read before
// the write, a running rollout settled first, the write, the wait), with and without
// generations, with and without GET /operations/{id}. The server model:
// - a read returns the platform's last observation, whole (status, revision, deployment
//   count, observed generation, observed_at): the platform looks at arbitrary moments, at
//   transitions or not, and again at nothing new (a re-observation moves observed_at only);
// - the operations route is the live operation record;
// - a change is picked up after a random delay; one sent while a rollout runs is queued,
//   merged with another change, or (on servers without generations) dropped;
// - reads fail now and then (429/5xx after the client's retries).
// Invariant: a success only when a rollout that began after the write, carrying the change,
// finished ready before the read that said so; a dropped change ends in a timeout.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UnavailableError } from '../../src/client/errors.js';
import type { Container } from '../../src/client/schemas.js';
import { showsInFlight, type LatestOperation, type Read, type Target } from '../../src/wait/decide.js';
import { SharedReads } from '../../src/wait/shared-reads.js';
import { waitForRollout, type WaitResult } from '../../src/wait/poller.js';
import { changeStart, changeTarget } from '../../src/commands/kit/wait/container-flow.js';
import { manualClock, type FakeClock } from '../helpers/clock.js';

type Outcome = 'succeeded' | 'failed' | 'degraded' | 'cancelled';

interface History {
  generations: boolean;
  operations: boolean;
  /** A rollout already running when the client starts (its remaining length in ms), or none. */
  runningAtStart: number | null;
  /** What the platform does with a change sent while a rollout runs. */
  midRollout: 'queue' | 'merge' | 'drop';
  pickupDelays: number[];
  durations: number[];
  outcomes: Outcome[];
  /** Whether the platform observes at each transition (pickup, end), in turn. */
  observeAtTransitions: boolean[];
  /** Moments (ms from the start) of a look at nothing new. */
  reobservations: number[];
  /** Reads (by index) that fail transiently. */
  failingReads: number[];
}

interface Rollout {
  startAt: number;
  endAt: number;
  outcome: Outcome;
  carriesChange: boolean;
  opId: string;
  generation: number;
}

interface Snapshot {
  observedAt: number;
  terminal: boolean;
  state: string;
  summary: string;
  revision: number;
  deployments: number;
  observedGeneration: number;
}

/** The server: reactive to the client's write, otherwise a pure function of time. */
class Server {
  rollouts: Rollout[] = [];
  snapshot: Snapshot;
  specGeneration = 3;
  writeAt: number | null = null;
  dropped = false;
  private pending: { at: number; carriesChange: boolean; generation: number } | null = null;
  private running: Rollout | null = null;
  private opSeq = 1;
  private nth = 0;
  private reads = 0;
  private doneReobservations = new Set<number>();

  constructor(
    private h: History,
    private clock: FakeClock,
    private t0: number,
  ) {
    this.snapshot = { observedAt: t0 - 60_000, terminal: true, state: 'succeeded', summary: 'ready', revision: 3, deployments: 3, observedGeneration: 3 };
    if (h.runningAtStart !== null) {
      this.running = { startAt: t0 - 1_000, endAt: t0 + h.runningAtStart, outcome: 'succeeded', carriesChange: false, opId: `op-${++this.opSeq}`, generation: 3 };
      this.rollouts.push(this.running);
      this.snapshot = { ...this.snapshot, observedAt: t0 - 1_000, terminal: false, state: 'running', summary: 'in_progress', revision: 4, deployments: 4 };
    }
  }

  private pick<T>(list: T[], fallback: T): T {
    return list.length ? list[this.nth++ % list.length]! : fallback;
  }

  private observe(at: number, force = false): void {
    if (!force && !this.pick(this.h.observeAtTransitions, true)) return;
    const r = this.running ?? this.rollouts.at(-1);
    const truth = this.running
      ? { terminal: false, state: 'running', summary: 'in_progress' }
      : r
        ? { terminal: true, state: r.outcome === 'degraded' ? 'failed' : r.outcome, summary: r.outcome === 'succeeded' ? 'ready' : r.outcome === 'degraded' ? 'degraded' : 'failed' }
        : { terminal: true, state: 'succeeded', summary: 'ready' };
    this.snapshot = { ...truth, observedAt: at, revision: 3 + this.rollouts.length, deployments: 3 + this.rollouts.length, observedGeneration: r?.generation ?? 3 };
  }

  /** Moves the server to `now`, event by event. */
  private advance(now: number): void {
    for (;;) {
      const next: { at: number; run: () => void }[] = [];
      if (this.running && this.running.endAt <= now) {
        const r = this.running;
        next.push({ at: r.endAt, run: () => ((this.running = null), this.observe(r.endAt)) });
      }
      if (!this.running && this.pending && this.pending.at <= now) {
        const p = this.pending;
        next.push({
          at: p.at,
          run: () => {
            this.pending = null;
            const r: Rollout = {
              startAt: p.at,
              endAt: p.at + this.pick(this.h.durations, 5_000),
              outcome: this.pick(this.h.outcomes, 'succeeded'),
              carriesChange: p.carriesChange,
              opId: `op-${++this.opSeq}`,
              generation: p.generation,
            };
            this.running = r;
            this.rollouts.push(r);
            this.observe(p.at);
          },
        });
      }
      for (const off of this.h.reobservations) {
        const at = this.t0 + off;
        if (at <= now && !this.doneReobservations.has(off)) next.push({ at, run: () => (this.doneReobservations.add(off), (this.snapshot = { ...this.snapshot, observedAt: at })) });
      }
      if (next.length === 0) return;
      next.sort((a, b) => a.at - b.at)[0]!.run();
    }
  }

  private view(): Container {
    const s = this.snapshot;
    return {
      id: 'srv-1',
      name: 'web',
      ...(this.h.generations ? { spec_generation: this.specGeneration, observed_generation: s.observedGeneration } : {}),
      current_revision: `web-${String(s.revision).padStart(5, '0')}`,
      deployment_count: s.deployments,
      status_details: { summary: s.summary, health: 'healthy', observed_at: new Date(s.observedAt).toISOString(), stale: false, operation: { state: s.state, terminal: s.terminal } },
    } as Container;
  }

  private operation(): LatestOperation {
    const r = this.running ?? this.rollouts.at(-1);
    if (!r) return { operation_id: 'op-1', state: 'succeeded', terminal: true };
    const done = this.running !== r;
    return { operation_id: r.opId, state: done ? (r.outcome === 'degraded' ? 'failed' : r.outcome) : 'running', terminal: done };
  }

  /** GET /serverless/{id} (+ GET /operations/{id} where the server has it). */
  async read(withOperation: boolean): Promise<Read & Container> {
    const now = this.clock.now();
    this.advance(now);
    if (this.h.failingReads.includes(this.reads++)) throw new UnavailableError('503 Service Unavailable', 503, 'GET /api/v1/serverless/srv-1');
    return { ...this.view(), ...(withOperation ? { latest_operation: this.h.operations ? this.operation() : null } : {}) };
  }

  latestOperationId(): string | null | undefined {
    this.advance(this.clock.now());
    return this.h.operations ? (this.operation().operation_id ?? null) : undefined;
  }

  /** PUT: accepted now; the answer is the state at acceptance (the last observation). */
  write(): Container {
    const now = this.clock.now();
    this.advance(now);
    this.writeAt = now;
    this.specGeneration++;
    const generation = this.specGeneration;
    if (this.running || this.pending) {
      const mode = this.h.generations && this.h.midRollout === 'drop' ? 'queue' : this.h.midRollout;
      if (mode === 'drop') this.dropped = true;
      else if (mode === 'merge') {
        // Another change arrives too; one rollout carries both.
        this.specGeneration++;
        this.pending = { at: (this.running?.endAt ?? now) + this.pick(this.h.pickupDelays, 1_000), carriesChange: true, generation: this.specGeneration };
      } else this.pending = { at: (this.running?.endAt ?? now) + this.pick(this.h.pickupDelays, 1_000), carriesChange: true, generation };
    } else this.pending = { at: now + this.pick(this.h.pickupDelays, 1_000), carriesChange: true, generation };
    return { ...this.view(), spec_generation: this.h.generations ? generation : undefined } as Container;
  }
}

const TIMEOUT = 10 * 60_000;

/**
 * How the wait reads: one GET per read (one container), or the shared list read of a wait
 * on several (src/wait/shared-reads.ts: the list item while it can only keep the wait going,
 * the container's own read for anything that may end it). Both must give the same verdicts.
 */
type Reads = 'single' | 'shared';

function sharedFetch(server: Server, clock: FakeClock, target: Target): (signal: AbortSignal) => Promise<Container> {
  const shared = new SharedReads<Container & { id: string }>(
    { list: async () => [(await server.read(false)) as Container], get: async () => (await server.read(false)) as Container },
    { clock, signal: new AbortController().signal },
  );
  return shared.reader('srv-1', target);
}

/** The change flow of `serverless update --wait` (kit/wait/container-flow.ts prepareKnown + changeTarget/changeStart), on the model. */
async function updateAndWait(server: Server, clock: FakeClock, h: History, reads: Reads = 'single'): Promise<WaitResult> {
  const common = { clock, random: () => 0.5, timeoutMs: TIMEOUT };
  let before: Container = await readOnce(server);
  let operationBefore: string | null | undefined;
  if (!h.generations) {
    // Rule 8c: a running rollout is settled first.
    if (showsInFlight(before)) {
      const settled = await waitForRollout({ ...common, fetch: () => server.read(false), target: {}, initial: before });
      if (settled.outcome === 'timeout') return settled;
      before = settled.container as Container;
    }
    operationBefore = server.latestOperationId();
  }
  const answer = server.write();
  const target = changeTarget(answer, { before, ...(operationBefore !== undefined ? { operationBefore } : {}) });
  const start = changeStart(answer, target);
  // The shared path serves waits without an operation to read and without a baseline read (kit/wait/container-flow.ts).
  const shareable = reads === 'shared' && target.operationBefore === undefined && !start.firstReadIsBaseline;
  return waitForRollout({
    ...common,
    fetch: shareable ? sharedFetch(server, clock, target) : () => server.read(target.operationBefore !== undefined),
    target,
    ...(start.initial ? { initial: start.initial } : {}),
    ...(start.firstReadIsBaseline ? { firstReadIsBaseline: true } : {}),
  });
}

/** The read before the write: the client retries a transient failure. */
async function readOnce(server: Server): Promise<Container> {
  for (;;) {
    try {
      return await server.read(false);
    } catch {
      /* a transient failure: read again */
    }
  }
}

const history: fc.Arbitrary<History> = fc.record({
  generations: fc.boolean(),
  operations: fc.boolean(),
  runningAtStart: fc.option(fc.integer({ min: 100, max: 120_000 }), { nil: null }),
  midRollout: fc.constantFrom('queue', 'merge', 'drop'),
  pickupDelays: fc.array(fc.integer({ min: 0, max: 30_000 }), { minLength: 1, maxLength: 4 }),
  durations: fc.array(fc.integer({ min: 10, max: 90_000 }), { minLength: 1, maxLength: 4 }),
  outcomes: fc.array(fc.constantFrom<Outcome>('succeeded', 'failed', 'degraded', 'cancelled'), { minLength: 1, maxLength: 4 }),
  observeAtTransitions: fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }),
  reobservations: fc.uniqueArray(fc.integer({ min: 0, max: 300_000 }), { maxLength: 12 }),
  failingReads: fc.uniqueArray(fc.integer({ min: 0, max: 60 }), { maxLength: 10 }),
});

describe.each<[string, Reads]>([
  ['one GET per read', 'single'],
  ['a list read shared by several waits', 'shared'],
])('the one wait against random legal server histories (%s)', (_how, reads) => {
  it('never reports a success that a rollout begun after the write did not earn; a dropped change times out', async () => {
    await fc.assert(
      fc.asyncProperty(history, async (h) => {
        const clock = manualClock();
        const server = new Server(h, clock, clock.now());
        const r = await clock.run(updateAndWait(server, clock, h, reads));
        const endedAt = clock.now();
        if (r.outcome === 'ready') {
          const earned = server.rollouts.some((x) => x.carriesChange && server.writeAt !== null && x.startAt >= server.writeAt && x.outcome === 'succeeded' && x.endAt <= endedAt);
          expect(earned, `a success without a rollout that earned it: ${JSON.stringify({ h, rollouts: server.rollouts, writeAt: server.writeAt, evidence: r.evidence })}`).toBe(true);
        }
        if (server.dropped) expect(r.outcome, JSON.stringify(h)).toBe('timeout');
        // Every verdict is one of a rollout that carried the change (no false failure either).
        if (r.outcome === 'failed' || r.outcome === 'degraded' || r.outcome === 'cancelled')
          expect(
            server.rollouts.some((x) => x.carriesChange && x.endAt <= endedAt),
            JSON.stringify({ h, rollouts: server.rollouts, outcome: r.outcome }),
          ).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  }, 120_000);
});
