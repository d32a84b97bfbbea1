// The rollout wait: poll one container until decide() says the change is done, the deadline
// passes or the user interrupts. Time, randomness and the transport are injected, so tests
// drive it with a fake clock and count every request.
import type { Clock } from '../client/http.js';
import type { RateLimit } from '../client/retry.js';
import { NotFoundError, UnavailableError } from '../client/errors.js';
import type { Container } from '../client/schemas.js';
import { decide, type Decision, type Outcome } from './decide.js';
import { baseInterval, jittered, rateLimitedDelay } from './schedule.js';

export type WaitOutcome = Outcome | 'timeout' | 'interrupted';
export type WaitingDecision = Extract<Decision, { kind: 'wait' }>;
export type DoneDecision = Extract<Decision, { kind: 'done' }>;

export type WaitEvent =
  | { type: 'status'; decision: WaitingDecision; container: Container; elapsedMs: number; requests: number }
  /** A read failed in a way that may pass (network, 5xx, 429 after the client's retries). */
  | { type: 'error'; error: Error; elapsedMs: number; requests: number }
  /** The next read is delayed beyond the schedule because the rate-limit budget is low. */
  | { type: 'slowdown'; delayMs: number; rateLimit: RateLimit; elapsedMs: number };

export interface WaitOptions {
  /** One read of the container; must honour the signal. */
  fetch: (signal: AbortSignal) => Promise<Container>;
  /** G: the spec_generation of the change waited for. */
  target: number;
  /** A read already in hand (the answer of the change, or the read that chose G): decided first, no request. */
  initial?: Container;
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

export interface WaitResult {
  outcome: WaitOutcome;
  /** Set when the change finished (outcome ready/degraded/failed/cancelled from the status). */
  decision?: DoneDecision;
  /** The latest container read (the initial one when no read succeeded). */
  container?: Container;
  /** The container answered 404 during the wait: it was deleted (outcome failed). */
  deleted: boolean;
  elapsedMs: number;
  /** GET requests made by the poller (the client's own retries not counted). */
  requests: number;
  /** The latest transient error, when the wait ended without a fresh read. */
  lastError?: Error;
}

const DEADLINE = Symbol('deadline');

export async function waitForRollout(opts: WaitOptions): Promise<WaitResult> {
  const { clock, target } = opts;
  const random = opts.random ?? Math.random;
  const start = clock.now();
  const elapsed = () => clock.now() - start;
  let container = opts.initial;
  let requests = 0;
  let lastError: Error | undefined;
  const result = (outcome: WaitOutcome, extra: Partial<WaitResult> = {}): WaitResult => ({
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
  const ended = (): WaitResult | undefined => {
    if (opts.signal?.aborted) return result('interrupted');
    if (deadline.signal.aborted || elapsed() >= opts.timeoutMs) return result('timeout');
    return undefined;
  };

  /** One read; a result when it ends the wait, otherwise whether the read succeeded. */
  const read = async (): Promise<WaitResult | boolean> => {
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
      if (err instanceof NotFoundError) return result('failed', { deleted: true });
      if (!(err instanceof UnavailableError)) throw err;
      lastError = err;
      opts.onProgress?.({ type: 'error', error: err, elapsedMs: elapsed(), requests });
      return false;
    }
  };

  try {
    let fresh: WaitResult | boolean = opts.initial !== undefined;
    if (!fresh) {
      fresh = await read();
      if (typeof fresh === 'object') return fresh;
    }
    for (let step = 0; ; step++) {
      if (fresh && container) {
        const d = decide(container, target);
        if (d.kind === 'done') return result(d.outcome, { decision: d });
        opts.onProgress?.({ type: 'status', decision: d, container, elapsedMs: elapsed(), requests });
      }
      const base = jittered(baseInterval(step, { firstMs: opts.firstIntervalMs, capMs: opts.intervalCapMs }), random);
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
