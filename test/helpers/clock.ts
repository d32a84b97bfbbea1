// The one fake clock of the tests. Time never moves on its own: it moves when a timer fires
// or, for an instant clock, when the code under test sleeps. The variants differ only in
// where time comes from (a counter of their own, or the simulator's clock) and in what a
// sleep does:
// - manualClock: every sleep is a timer; `run(promise)` fires the next timer whenever
//   everything else has settled (unit tests of the poller).
// - simTimeClock: every sleep is a timer on the simulator's time; the virtual-time CLI
//   driver (`harness` in ./sim.ts) fires the next one only when the CLI is idle.
// - instantClock: a sleep of up to a minute (a backoff, a poll interval) passes at once and
//   moves time by its length (unless frozen); a longer one is a deadline (a wait's
//   --timeout): it never fires on its own, only once shorter sleeps have moved time past it.
import type { Clock } from '../../src/client/clock.js';
import type { Simulator } from '../../src/sim/server.js';

/** The default start of a clock with time of its own (2023-11-14T22:13:20Z). */
export const CLOCK_START = 1_700_000_000_000;

/** Sleeps longer than this are deadlines on an instant clock (the client's longest backoff is a minute). */
export const DEADLINE_OVER_MS = 60_000;

interface Time {
  now(): number;
  /** Moves time forward to `t` (never back). */
  moveTo(t: number): void;
}

function ownTime(start: number): Time {
  let t = start;
  return {
    now: () => t,
    moveTo: (to) => {
      t = Math.max(t, to);
    },
  };
}

function simTime(sim: Simulator): Time {
  return {
    now: () => sim.world.now(),
    moveTo: (to) => {
      const now = sim.world.now();
      if (to > now) sim.world.clock.advance((to - now) / 1000);
    },
  };
}

interface Instant {
  /** Time stands still: instant sleeps do not move it (only the test does). */
  frozen: boolean;
  /** Called on every instant sleep, before it returns (may move time or abort). */
  onSleep?: (ms: number) => void;
}

interface Timer {
  at: number;
  seq: number;
  fire: () => void;
}

export class FakeClock implements Clock {
  /** Every sleep asked for, in milliseconds, in order (on an instant clock: all but the deadlines). */
  readonly sleeps: number[] = [];
  /** An instant clock's sleeps longer than a minute, kept as deadlines. */
  readonly deadlines: number[] = [];
  private timers: Timer[] = [];
  private seq = 0;

  constructor(
    private readonly time: Time,
    /** Absent: every sleep is a timer, fired by run() or fireNext(). */
    private readonly instant?: Instant,
  ) {}

  now(): number {
    return this.time.now();
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (this.instant && ms <= DEADLINE_OVER_MS) return this.pass(ms, this.instant, signal);
    (this.instant ? this.deadlines : this.sleeps).push(ms);
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason as Error);
      const timer: Timer = {
        at: this.now() + Math.max(0, ms),
        seq: this.seq++,
        fire: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        this.timers = this.timers.filter((t) => t !== timer);
        reject(signal?.reason as Error);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.timers.push(timer);
    });
  }

  /** Timers not yet fired. */
  get pending(): number {
    return this.timers.length;
  }

  /** Moves time to the earliest timer and fires it; false when none is left. */
  fireNext(): boolean {
    this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
    const next = this.timers.shift();
    if (!next) return false;
    this.time.moveTo(next.at);
    next.fire();
    return true;
  }

  /** Forgets every timer (their sleeps never end): a fresh start between tests. */
  clear(): void {
    this.timers = [];
  }

  /** Runs time forward until `promise` settles; fails on a deadlock (nothing pending, nothing scheduled). */
  async run<T>(promise: Promise<T>): Promise<T> {
    let done = false;
    promise.then(
      () => (done = true),
      () => (done = true),
    );
    for (let i = 0; i < 100_000; i++) {
      await settle();
      if (done) return promise;
      if (!this.fireNext()) throw new Error('deadlock: the promise waits for something other than the clock');
    }
    throw new Error('too many timers');
  }

  private pass(ms: number, instant: Instant, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason as Error);
      this.sleeps.push(ms);
      instant.onSleep?.(ms);
      if (signal?.aborted) return reject(signal.reason as Error);
      if (!instant.frozen) {
        this.time.moveTo(this.now() + ms);
        const now = this.now();
        const due = this.timers.filter((t) => t.at <= now).sort((a, b) => a.at - b.at || a.seq - b.seq);
        this.timers = this.timers.filter((t) => t.at > now);
        for (const t of due) t.fire();
      }
      // Yield to I/O and timers, so a loop of zero-cost sleeps cannot starve a server in this process.
      setImmediate(resolve);
    });
  }
}

/** Every sleep is a timer; `clock.run(promise)` moves time from timer to timer until it settles. */
export function manualClock(start = CLOCK_START): FakeClock {
  return new FakeClock(ownTime(start));
}

/** Every sleep is a timer on the simulator's time; `fireNext()` moves the simulator's clock to it. */
export function simTimeClock(sim: Simulator): FakeClock {
  return new FakeClock(simTime(sim));
}

export interface InstantOptions {
  /** Read and move the simulator's time (default: time of the clock's own, from `start`). */
  sim?: Simulator;
  start?: number;
  /** Sleeps do not move time: it moves only when the test moves it. */
  frozen?: boolean;
  onSleep?: (ms: number) => void;
}

/** Sleeps of up to a minute pass at once (and move time by their length unless frozen); longer ones are deadlines. */
export function instantClock(opts: InstantOptions = {}): FakeClock {
  const time = opts.sim ? simTime(opts.sim) : ownTime(opts.start ?? CLOCK_START);
  return new FakeClock(time, { frozen: opts.frozen ?? false, ...(opts.onSleep ? { onSleep: opts.onSleep } : {}) });
}

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((r) => setImmediate(r));
}
