// Shared reads for many waits at once (`serverless wait a b c`): one list read per cycle
// serves every subject, instead of one GET per subject per poll. Each subject keeps its own
// engine (poller.ts) and its own decisions; only where a read comes from changes:
//
// - Cycles follow one shared backoff: the engine's own schedule (a short first interval,
//   backing off to the cap) counted in cycles, never shorter than the slowest
//   `operation.poll_after_ms` the last list carried. A subject that already saw the latest
//   cycle waits for the next one instead of starting its own read.
// - A list item serves a subject only while it cannot end the wait under any history the
//   engine may hold (decide() says "wait" whether or not a rollout was seen in flight). When
//   it could end it, or the subject is missing from the list, the subject reads its own
//   resource (one GET, as a single wait does): every verdict comes from the same read as
//   before, with the fields only that read carries (the final error, a 404).
// - A list longer than the reads it saves (more pages than subjects still waiting) is not
//   worth reading: the waits go back to one GET each for the rest of the run.
//
// Nothing here does I/O of its own: the list and the single read are given.
import type { Clock } from '../client/clock.js';
import { decide, type Read, type Target } from './decide.js';
import { baseInterval, type ScheduleOptions } from './schedule.js';

export interface Listed extends Read {
  id: string;
}

export interface SharedSource<T extends Listed> {
  /**
   * Every item of the list, read now; undefined when the list is longer than `pages` pages
   * (reading it would cost more than the single reads it replaces).
   */
  list(signal: AbortSignal, pages: number): Promise<readonly T[] | undefined>;
  /** One resource, read on its own (a verdict's read). */
  get(id: string, signal: AbortSignal): Promise<T>;
}

export interface SharedOptions extends ScheduleOptions {
  clock: Clock;
  /** Aborts a list read in flight (the whole run's signal: one subject ending must not cut the others' read). */
  signal: AbortSignal;
}

interface Cycle<T> {
  startedAt: number;
  /** Resolves to the items by id, or undefined (the list is too long: single reads from now on). */
  items: Promise<Map<string, T> | undefined>;
  /** Subjects this cycle has served. */
  served: Set<string>;
}

/** A subject counts as waiting while it asked for a read within this many cycle gaps. */
const ACTIVE_GAPS = 3;

export class SharedReads<T extends Listed> {
  private cycle: Cycle<T> | undefined;
  private cycles = 0;
  private slowestPollAfterMs = 0;
  private tooLong = false;
  private readonly askedAt = new Map<string, number>();
  /** Requests sent by this reader (list pages are counted by the source, not here). */
  listReads = 0;
  singleReads = 0;

  constructor(
    private readonly source: SharedSource<T>,
    private readonly opts: SharedOptions,
  ) {}

  /** The read function of one subject's engine. */
  reader(id: string, target: Target): (signal: AbortSignal) => Promise<T> {
    return (signal) => this.read(id, target, signal);
  }

  /** The shortest time between two list reads now. */
  private gap(): number {
    return Math.max(baseInterval(Math.max(0, this.cycles - 1), this.opts), this.slowestPollAfterMs);
  }

  private waiting(now: number): number {
    const horizon = ACTIVE_GAPS * this.gap();
    let n = 0;
    for (const at of this.askedAt.values()) if (now - at <= horizon) n++;
    return n;
  }

  private async read(id: string, target: Target, signal: AbortSignal): Promise<T> {
    const { clock } = this.opts;
    this.askedAt.set(id, clock.now());
    if (this.tooLong) return this.single(id, signal);
    // Seen the latest cycle already: the next one is due a gap after it began, not sooner.
    if (this.cycle?.served.has(id)) {
      const due = this.cycle.startedAt + this.gap() - clock.now();
      if (due > 0) await clock.sleep(due, signal);
    }
    let cycle = this.cycle;
    if (!cycle || cycle.served.has(id)) cycle = this.startCycle();
    cycle.served.add(id);
    const items = await abortable(cycle.items, signal);
    const item = items?.get(id);
    // Only a read that cannot end the wait comes from the list; anything else is read on its own.
    if (item && canOnlyWait(item, target)) return item;
    return this.single(id, signal);
  }

  private single(id: string, signal: AbortSignal): Promise<T> {
    this.singleReads++;
    return this.source.get(id, signal);
  }

  private startCycle(): Cycle<T> {
    const now = this.opts.clock.now();
    this.cycles++;
    this.listReads++;
    const items = this.source.list(this.opts.signal, Math.max(1, this.waiting(now))).then((list) => {
      if (!list) {
        this.tooLong = true;
        return undefined;
      }
      let slowest = 0;
      const byId = new Map<string, T>();
      for (const item of list) {
        byId.set(item.id, item);
        slowest = Math.max(slowest, pollAfter(item));
      }
      this.slowestPollAfterMs = slowest;
      return byId;
    });
    // A failed list read is each subject's failed read (the engine retries it); the cycle is over.
    items.catch(() => {
      if (this.cycle === cycle) this.cycle = undefined;
    });
    const cycle: Cycle<T> = { startedAt: now, items, served: new Set() };
    this.cycle = cycle;
    return cycle;
  }
}

/** Whether a read can only keep the wait going, whatever the engine has seen so far. */
export function canOnlyWait(read: Read, target: Target): boolean {
  return decide(read, target, { inFlight: false }).kind === 'wait' && decide(read, target, { inFlight: true }).kind === 'wait';
}

function pollAfter(read: Read): number {
  const op = read.status_details?.operation as { poll_after_ms?: number | null } | undefined;
  const ms = op?.poll_after_ms;
  // The schema already bounds the server's pacing (client/wire.ts); a minute is the most a cycle waits regardless.
  return typeof ms === 'number' && Number.isFinite(ms) && ms > 0 ? Math.min(ms, 60_000) : 0;
}

/** A shared promise, given up by one subject when its own signal ends (the others keep it). */
function abortable<V>(promise: Promise<V>, signal: AbortSignal): Promise<V> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<V>((resolve, reject) => {
    const stop = () => reject(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', stop);
        resolve(v);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', stop);
        reject(err);
      },
    );
  });
}
