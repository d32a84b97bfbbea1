// The stop decision of a wait (docs/behaviour.md#waits) as a pure function of one read. The
// engine (poller.ts) calls it after every GET; nothing here does I/O.
//
// What proves that a read describes the change waited for, strongest first:
// - generations (docs/behaviour.md#waits-generations): observed_generation >= G, on servers that send them;
// - the change's own operation (docs/behaviour.md#waits-operation): the container's latest operation, read at
//   GET /operations/{container id}, is another one than before the write;
// - a fresh observation (docs/behaviour.md#waits-fresh), on servers with neither: a new revision or deployment
//   since the settled read before the write, or a rollout seen in flight after the write
//   followed by a later observation. observed_at alone also moves when the platform merely
//   looks again at the previous state, so on its own it proves nothing: that is the case in
//   which a client reports the previous rollout's verdict as the change's.
// Without any of them, waiting would be guessing: the decision says so instead.
import type { Container, StatusDetails, StatusError } from '../client/schemas.js';

/**
 * What a read after the change is compared with on a server without generations (docs/behaviour.md#waits-without-generations).
 * current_revision and deployment_count come from the settled read just before the write:
 * only a rollout that began after it moves them. observed_at and in_flight come from the
 * server's last word before the rollout: the write's answer, else the first read after it.
 */
export interface Baseline {
  observed_at?: string | null;
  current_revision?: string | null;
  deployment_count?: number | null;
  /**
   * The summary of the settled read before the write: a terminal read that says something
   * else was observed after a change (nothing else moves a settled resource).
   */
  summary?: string | null;
  /** The write's answer (or the first read after it) already showed a rollout in flight. */
  in_flight?: boolean;
  /**
   * false: another operation was still running when the change was sent (not settled first).
   * Its own end moves observed_at and may move current_revision; only a new deployment
   * then proves that this change began.
   */
  settled?: boolean;
  /**
   * A baseline given as `--observed-after` alone (a family's resume: families count no
   * deployments). A later observed_at proves nothing more here than after a write: the
   * platform looks again at the previous state too, so a read must first show the operation
   * in flight (a resumed wait whose operation ended unseen times out and says where to look).
   */
  observedAfter?: boolean;
}

export interface Target {
  /** G: the change's spec_generation, when the server sends generations. */
  generation?: number;
  /** What a fresh read differs from; null for a create (nothing earlier to confuse it with). */
  baseline?: Baseline | null;
  /**
   * docs/behaviour.md#waits-operation: the container's latest operation_id before the write (null: it had none).
   * Absent: the server has no operations route (or the wait is not for a change).
   */
  operationBefore?: string | null;
}

/** What the engine has seen since the write, across reads. */
export interface Seen {
  /** A live read (not stale) showed an operation in flight. */
  inFlight: boolean;
}

export const NOTHING_SEEN: Seen = { inFlight: false };

export type Evidence = 'generation' | 'operation' | 'fresh_observation' | 'settled';

export type WaitPhase =
  /** The change waits: another rollout is running (`behind`) or the platform has not started it yet. */
  | 'queued'
  /** The change is being rolled out and the operation is not terminal. */
  | 'rolling_out'
  /** `status_details.stale`: the status is not trusted for the stop decision. */
  | 'stale'
  /** The read still describes the previous rollout (observed_generation < G, or no evidence yet). */
  | 'previous_rollout';

export type Outcome = 'ready' | 'degraded' | 'failed' | 'cancelled';

export type Decision =
  | {
      kind: 'wait';
      phase: WaitPhase;
      /** For `queued`: another rollout is in flight ahead of this change. */
      behind: boolean;
      observedGeneration?: number;
    }
  | {
      kind: 'done';
      outcome: Outcome;
      evidence: Evidence;
      /** The observed generation went past G: later changes were rolled out together with it. */
      merged: boolean;
      observedGeneration?: number;
      /** `summary` as the API said it (a `ready` outcome with another summary is named to the user). */
      summary: string;
      /** A terminal operation state this client does not know (counted as failed). */
      unknownState: boolean;
      /** The error of the operation that decided, where it was not the status's own. */
      error?: StatusError;
    }
  | {
      /** The reads cannot tell when the change is done: waiting would mean guessing. */
      kind: 'impossible';
      /** The field that is missing, as the API reference writes it. */
      missing: string;
    };

/** The container's latest operation (GET /operations/{container id}), read beside the container. */
export interface LatestOperation {
  operation_id?: string | null;
  state?: string | null;
  terminal?: boolean | null;
  error?: { code?: string | null; message?: string | null; retryable?: boolean | null; reason?: unknown } | null;
}

const KNOWN_TERMINAL = new Set(['succeeded', 'failed', 'cancelled']);

export type Read = Pick<Container, 'status_details' | 'observed_generation' | 'current_revision' | 'deployment_count'> & {
  /** docs/behaviour.md#waits-operation: undefined when not read, null when the route answered 404 (fall back). */
  latest_operation?: LatestOperation | null;
};

const live = (read: Read) => read.status_details?.stale !== true;

/** Whether a read shows an operation in flight that can be trusted (not stale). */
export function showsInFlight(read: Read): boolean {
  return live(read) && read.status_details?.operation?.terminal === false;
}

/** Pure: whether a read is later than the baseline in a way only a rollout after the write explains. */
export function isFresh(read: Read, baseline: Baseline | null, seen: Seen = NOTHING_SEEN): boolean {
  if (baseline === null) return true;
  const now: Baseline = { observed_at: read.status_details?.observed_at, current_revision: read.current_revision, deployment_count: read.deployment_count };
  // A signal either side lacks is no evidence: a baseline from `--observed-after` knows only
  // observed_at, and its current_revision is not "none" but unknown.
  const moved = (k: 'observed_at' | 'current_revision' | 'deployment_count') => now[k] !== undefined && baseline[k] !== undefined && (now[k] ?? null) !== (baseline[k] ?? null);
  if (baseline.settled === false) return moved('deployment_count');
  if (moved('deployment_count') || moved('current_revision')) return true;
  // A settled resource whose final summary changed (running → stopped): an action that ended
  // before the first read after it, as a synchronous stop does.
  const summary = read.status_details?.summary;
  if (baseline.settled === true && baseline.summary !== undefined && baseline.summary !== null && summary !== undefined && summary !== null && summary !== baseline.summary) return true;
  return (seen.inFlight || baseline.in_flight === true) && moved('observed_at');
}

/** Whether a read has any server value that moves with each observation (docs/behaviour.md#waits-fresh). */
function carriesSignal(read: Read): boolean {
  return (read.status_details?.observed_at ?? null) !== null || (read.current_revision ?? null) !== null || (read.deployment_count ?? null) !== null;
}

/** The baseline of a settled read (taken just before the write). */
export function baselineOf(read: Read): Baseline {
  return {
    observed_at: read.status_details?.observed_at ?? null,
    current_revision: read.current_revision ?? null,
    deployment_count: read.deployment_count ?? null,
    summary: read.status_details?.summary ?? null,
    in_flight: showsInFlight(read),
    settled: !showsInFlight(read),
  };
}

/** The baseline of a change: the settled read before the write, and the server's last word before the rollout (docs/behaviour.md#waits-baseline). */
export function changeBaseline(settled: Read, lastWord: Read | undefined): Baseline {
  const b = baselineOf(settled);
  if (!lastWord) return { ...b, in_flight: false };
  return { ...b, observed_at: lastWord.status_details?.observed_at ?? null, in_flight: showsInFlight(lastWord) };
}

export function decide(read: Read, target: Target, seen: Seen = NOTHING_SEEN): Decision {
  const details = read.status_details;
  const op = details?.operation;
  if (!details) return { kind: 'impossible', missing: 'status_details' };
  if (op?.terminal === undefined || op.terminal === null) return { kind: 'impossible', missing: 'status_details.operation.terminal' };
  const observed = read.observed_generation ?? undefined;
  const wait = (phase: WaitPhase, behind = false): Decision => ({ kind: 'wait', phase, behind, ...(observed === undefined ? {} : { observedGeneration: observed }) });

  // docs/behaviour.md#waits-reading: a stale status is the last known one; it may say "terminal" for a rollout that
  // has moved on, so it never stops the wait.
  if (details.stale === true) return wait('stale');

  let evidence: Evidence;
  if (target.generation !== undefined && observed !== undefined) {
    evidence = 'generation';
    if (observed < target.generation) {
      // docs/behaviour.md#waits-generations: a terminal status here describes the previous rollout.
      if (op.terminal) return wait('previous_rollout');
      // docs/behaviour.md#waits-generations: not started yet; a running operation is another (earlier) rollout ahead of it.
      return wait('queued', op.state !== 'queued');
    }
  } else if (target.operationBefore !== undefined && read.latest_operation) {
    return byOperation(read.latest_operation, target.operationBefore, details, wait);
  } else if (target.baseline !== undefined) {
    evidence = 'fresh_observation';
    // A read without any of the signals can never be told fresh: waiting would mean guessing.
    if (target.baseline !== null && !carriesSignal(read)) return { kind: 'impossible', missing: 'status_details.observed_at' };
    if (!op.terminal) {
      // Sent while another rollout ran (not settled first): until a new deployment shows, what
      // runs is that other rollout, with this change behind it.
      if (target.baseline?.settled === false && !isFresh(read, target.baseline, seen)) return wait('queued', true);
      return op.state === 'queued' ? wait('queued') : wait('rolling_out');
    }
    // docs/behaviour.md#waits-without-generations: never a verdict from a read that may still describe the previous rollout.
    if (!isFresh(read, target.baseline, seen)) return wait('previous_rollout');
  } else if (target.generation !== undefined) {
    return { kind: 'impossible', missing: 'observed_generation' };
  } else {
    // Nothing was changed by this client: the current operation is what is waited for.
    evidence = 'settled';
  }
  // docs/behaviour.md#waits-generations: observed >= G means the change is being rolled out; a fresh read may still show it queued.
  if (!op.terminal) return evidence === 'settled' && op.state === 'queued' ? wait('queued') : wait('rolling_out');
  return finished(details, op.state ?? '', evidence, observed, target.generation);
}

/** docs/behaviour.md#waits-operation: the change's own operation decides; the one that was there before the write does not. */
function byOperation(latest: LatestOperation, before: string | null, details: StatusDetails, wait: (p: WaitPhase) => Decision): Decision {
  if ((latest.operation_id ?? null) === before) return wait('previous_rollout');
  if (latest.terminal !== true) return latest.state === 'queued' ? wait('queued') : wait('rolling_out');
  const state = latest.state ?? '';
  const e = latest.error ?? undefined;
  const error: StatusError | undefined = e
    ? { code: e.code ?? undefined, message: e.message ?? undefined, retryable: e.retryable ?? undefined, reason: typeof e.reason === 'string' ? e.reason : undefined }
    : undefined;
  // The container's summary may still describe the previous rollout: it can turn a failure
  // into "degraded" (the previous revision serving), never a failure into a success.
  const summary = details.summary ?? 'unknown';
  const outcome: Outcome = state === 'succeeded' ? 'ready' : summary === 'degraded' ? 'degraded' : state === 'cancelled' ? 'cancelled' : 'failed';
  return {
    kind: 'done',
    outcome,
    evidence: 'operation',
    merged: false,
    summary: outcome === 'ready' && summary !== 'ready' ? 'ready' : summary,
    unknownState: !KNOWN_TERMINAL.has(state),
    ...(error ? { error } : {}),
  };
}

function finished(details: StatusDetails, state: string, evidence: Evidence, observed: number | undefined, generation: number | undefined): Decision {
  // docs/behaviour.md#waits-outcome, in this order. docs/behaviour.md#waits-generations: observed > G means merged changes, finished for G too.
  const done = (outcome: Outcome): Decision => ({
    kind: 'done',
    outcome,
    evidence,
    merged: evidence === 'generation' && observed !== undefined && generation !== undefined && observed > generation,
    ...(observed === undefined ? {} : { observedGeneration: observed }),
    summary: details.summary ?? 'unknown',
    unknownState: !KNOWN_TERMINAL.has(state),
  });
  if (details.summary === 'degraded') return done('degraded');
  if (state === 'succeeded') return done('ready');
  if (state === 'cancelled') return done('cancelled');
  return done('failed');
}
