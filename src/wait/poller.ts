// The rollout wait: poll one resource until decide() says the change is done, the deadline
// passes or the user interrupts. Time, randomness and the transport are injected, so tests
// drive it with a fake clock and count every request. The server's pacing
// (`operation.poll_after_ms`) is a floor under the schedule.
import type { Clock } from '../client/http.js';
import type { RateLimit } from '../client/retry.js';
import { NotFoundError, UnavailableError } from '../client/errors.js';
import { decide, showsInFlight, type Decision, type Evidence, type Outcome, type Read, type Seen, type Target } from './decide.js';
import { baseInterval, jittered, rateLimitedDelay } from './schedule.js';

export type WaitOutcome = Outcome | 'timeout' | 'interrupted' | 'impossible' | 'deleted';
export type WaitingDecision = Extract<Decision, { kind: 'wait' }>;
export type DoneDecision = Extract<Decision, { kind: 'done' }>;
/** What the wait reads: the status model shared by every product (docs/behaviour.md#api-status). */
export type StatusRead = Read;

export type WaitEvent =
  | { type: 'status'; decision: WaitingDecision; container: StatusRead; elapsedMs: number; requests: number }
  /** A read failed in a way that may pass (network, 5xx, 429 after the client's retries). */
  | { type: 'error'; error: Error; elapsedMs: number; requests: number }
  /** The next read is delayed beyond the schedule because the rate-limit budget is low. */
  | { type: 'slowdown'; delayMs: number; rateLimit: RateLimit; elapsedMs: number };

export interface WaitOptions<T extends StatusRead = StatusRead> {
  /** One read of the resource; must honour the signal. */
  fetch: (signal: AbortSignal) => Promise<T>;
  /** What says that a read describes the change: its generation, or the read before it. */
  target: Target;
  /**
   * A read already in hand, decided first with no request. Never the write's answer on a
   * server without generations (docs/behaviour.md#waits-baseline: the baseline is never the verdict).
   */
  initial?: T;
  /**
   * docs/behaviour.md#waits-baseline for a write whose answer carries no resource (a redeploy's 202, an action's
   * message): the first read after it is the baseline, never a verdict.
   */
  firstReadIsBaseline?: boolean;
  /** The server's pacing for the first re-read (a create's `operation.poll_after_ms`). */
  pollAfterMs?: number;
  /** A delete: the wait ends when the resource answers 404 (outcome `deleted`); a settled status until then is not the end. */
  untilGone?: boolean;
  clock: Clock;
  random?: () => number;
  firstIntervalMs?: number;
  intervalCapMs?: number;
  timeoutMs: number;
  signal?: AbortSignal;
  onProgress?: (event: WaitEvent) => void;
  /** The rate-limit headers of the latest response. */
  rateLimit?: () => RateLimit | undefined;
}

export interface WaitResult<T extends StatusRead = StatusRead> {
  outcome: WaitOutcome;
  /** Set when the change finished (outcome ready/degraded/failed/cancelled from the status). */
  decision?: DoneDecision;
  /** Which evidence decided (docs/behaviour.md#waits-without-generations), once a read was decided on. */
  evidence?: Evidence;
  /** For `impossible`: the field the reads lack. */
  missing?: string;
  /** The latest read (the initial one when no read succeeded). */
  container?: T;
  /** The container answered 404 during the wait: it was deleted (outcome failed). */
  deleted: boolean;
  elapsedMs: number;
  /** GET requests made by the poller (the client's own retries not counted). */
  requests: number;
  /** The latest transient error, when the wait ended without a fresh read. */
  lastError?: Error;
}

const DEADLINE = Symbol('deadline');

export async function waitForRollout<T extends StatusRead>(opts: WaitOptions<T>): Promise<WaitResult<T>> {
  const { clock } = opts;
  const random = opts.random ?? Math.random;
  const start = clock.now();
  const elapsed = () => clock.now() - start;
  let container = opts.initial;
  let target = opts.target;
  const seen: Seen = { inFlight: false };
  let requests = 0;
  let lastError: Error | undefined;
  const result = (outcome: WaitOutcome, extra: Partial<WaitResult<T>> = {}): WaitResult<T> => ({
    outcome,
    container,
    deleted: false,
    elapsedMs: elapsed(),
    requests,
    ...(lastError ? { lastError } : {}),
    ...extra,
  });

  // One deadline for the whole wait, also cutting short a read (and the client's retries) in flight.
  const finished = new AbortController();
  const deadline = new AbortController();
  clock.sleep(opts.timeoutMs, finished.signal).then(
    () => deadline.abort(DEADLINE),
    () => undefined,
  );
  const signal = opts.signal ? AbortSignal.any([opts.signal, deadline.signal]) : deadline.signal;
  const ended = (): WaitResult<T> | undefined => {
    if (opts.signal?.aborted) return result('interrupted');
    if (deadline.signal.aborted || elapsed() >= opts.timeoutMs) return result('timeout');
    return undefined;
  };

  /** One read; a result when it ends the wait, otherwise whether the read succeeded. */
  const read = async (): Promise<WaitResult<T> | boolean> => {
    const early = ended();
    if (early) return early;
    requests++;
    try {
      container = await opts.fetch(signal);
      lastError = undefined;
      return true;
    } catch (err) {
      const stop = ended();
      if (stop) return stop;
      if (err instanceof NotFoundError) return result(opts.untilGone ? 'deleted' : 'failed', { deleted: true });
      if (!(err instanceof UnavailableError)) throw err;
      lastError = err;
      opts.onProgress?.({ type: 'error', error: err, elapsedMs: elapsed(), requests });
      return false;
    }
  };

  try {
    let fresh: WaitResult<T> | boolean = opts.initial !== undefined;
    if (!fresh) {
      fresh = await read();
      if (typeof fresh === 'object') return fresh;
    }
    let needBaseline = opts.firstReadIsBaseline === true;
    for (let step = 0; ; step++) {
      if (fresh && container && needBaseline) {
        // docs/behaviour.md#waits-baseline: the server's last word before the rollout; its in-flight state counts as seen.
        needBaseline = false;
        target = { ...target, baseline: { ...(target.baseline ?? {}), observed_at: container.status_details?.observed_at ?? null, in_flight: showsInFlight(container) } };
      } else if (fresh && container) {
        const d = decide(container, target, seen);
        if (showsInFlight(container)) seen.inFlight = true;
        // A delete that still reads as settled and fine has not been carried out yet.
        if (d.kind === 'done' && !(opts.untilGone && d.outcome === 'ready')) return result(d.outcome, { decision: d, evidence: d.evidence });
        // A delete is decided by the 404 alone: a read it cannot judge is simply not gone yet.
        if (d.kind === 'impossible' && !opts.untilGone) return result('impossible', { missing: d.missing });
        if (d.kind === 'wait') opts.onProgress?.({ type: 'status', decision: d, container, elapsedMs: elapsed(), requests });
      }
      const pacing = step === 0 && opts.pollAfterMs ? opts.pollAfterMs : (container?.status_details?.operation?.poll_after_ms ?? 0);
      const base = Math.max(pacing, jittered(baseInterval(step, { firstMs: opts.firstIntervalMs, capMs: opts.intervalCapMs }), random));
      const rl = opts.rateLimit?.();
      const delay = rateLimitedDelay(base, rl, clock.now());
      if (delay > base && rl) opts.onProgress?.({ type: 'slowdown', delayMs: delay, rateLimit: rl, elapsedMs: elapsed() });
      const early = ended();
      if (early) return early;
      try {
        await clock.sleep(delay, signal);
      } catch (err) {
        const stop = ended();
        if (stop) return stop;
        throw err;
      }
      fresh = await read();
      if (typeof fresh === 'object') return fresh;
    }
  } finally {
    finished.abort();
  }
}
