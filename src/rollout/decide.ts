// The stop decision of a rollout wait (contract section 6) as a pure function of one
// container read. The poller calls it after every GET; nothing here does I/O.
//
// Two kinds of evidence say that a read describes the change waited for:
// - generations (rule 2): observed_generation >= G, on servers that send them;
// - a fresh observation (rule 8): on servers without generations, the read's observed_at,
//   current_revision or deployment_count differs from a read taken just before the change
//   (server values only, never the client clock). A create has no previous rollout.
// Without either, waiting would be guessing: the decision says so instead.
import type { Container, StatusDetails } from '../client/schemas.js';

/** Server values of the read taken just before the change (contract 6.8). */
export interface Baseline {
  observed_at?: string | null;
  current_revision?: string | null;
  deployment_count?: number | null;
  /**
   * A rollout was in flight when the change was sent: its own completion moves observed_at
   * and current_revision too, so only a new deployment (deployment_count) proves freshness
   * where the server sends it.
   */
  in_flight?: boolean;
}

export interface Target {
  /** G: the change's spec_generation, when the server sends generations. */
  generation?: number;
  /** The read before the change; null for a create (nothing earlier to confuse it with). */
  baseline?: Baseline | null;
}

export type Evidence = 'generation' | 'fresh_observation' | 'settled';

export type WaitPhase =
  /** The change waits: another rollout is running (`behind`) or the platform has not started it yet. */
  | 'queued'
  /** The change is being rolled out and the operation is not terminal. */
  | 'rolling_out'
  /** `status_details.stale`: the status is not trusted for the stop decision. */
  | 'stale'
  /** The read still describes the previous rollout (observed_generation < G, or no fresh observation yet). */
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
    }
  | {
      /** The reads cannot tell when the change is done: waiting would mean guessing. */
      kind: 'impossible';
      /** The field that is missing, as the API reference writes it. */
      missing: string;
    };

const KNOWN_TERMINAL = new Set(['succeeded', 'failed', 'cancelled']);

type Read = Pick<Container, 'status_details' | 'observed_generation' | 'current_revision' | 'deployment_count'>;

const SIGNALS = ['observed_at', 'current_revision', 'deployment_count'] as const;

/** Pure: whether a read differs from the baseline in a server value that moves with each observation. */
export function isFresh(read: Read, baseline: Baseline | null): boolean {
  if (baseline === null) return true;
  const now: Baseline = { observed_at: read.status_details?.observed_at, current_revision: read.current_revision, deployment_count: read.deployment_count };
  // A signal either side lacks is no evidence: a baseline from `--observed-after` knows only
  // observed_at, and its current_revision is not "none" but unknown.
  const moved = (k: (typeof SIGNALS)[number]) => now[k] !== undefined && baseline[k] !== undefined && (now[k] ?? null) !== (baseline[k] ?? null);
  if (baseline.in_flight && baseline.deployment_count !== undefined && baseline.deployment_count !== null && now.deployment_count !== undefined) return moved('deployment_count');
  return SIGNALS.some(moved);
}

/** Whether a read has any server value that moves with each observation (rule 8's evidence). */
function carriesSignal(read: Read): boolean {
  return (read.status_details?.observed_at ?? null) !== null || (read.current_revision ?? null) !== null || (read.deployment_count ?? null) !== null;
}

/** The baseline of a read: what a later read is compared with. */
export function baselineOf(read: Read): Baseline {
  return {
    observed_at: read.status_details?.observed_at ?? null,
    current_revision: read.current_revision ?? null,
    deployment_count: read.deployment_count ?? null,
    in_flight: read.status_details?.operation?.terminal === false,
  };
}

export function decide(container: Read, target: Target): Decision {
  const details = container.status_details;
  const op = details?.operation;
  if (!details) return { kind: 'impossible', missing: 'status_details' };
  if (op?.terminal === undefined || op.terminal === null) return { kind: 'impossible', missing: 'status_details.operation.terminal' };
  const observed = container.observed_generation ?? undefined;
  const wait = (phase: WaitPhase, behind = false): Decision => ({ kind: 'wait', phase, behind, ...(observed === undefined ? {} : { observedGeneration: observed }) });

  // Rule 3: a stale status is the last known one; it may say "terminal" for a rollout that
  // has moved on, so it never stops the wait.
  if (details.stale === true) return wait('stale');

  let evidence: Evidence;
  if (target.generation !== undefined && observed !== undefined) {
    evidence = 'generation';
    if (observed < target.generation) {
      // Rule 2: a terminal status here describes the previous rollout.
      if (op.terminal) return wait('previous_rollout');
      // Rule 5: not started yet; a running operation is another (earlier) rollout ahead of it.
      return wait('queued', op.state !== 'queued');
    }
  } else if (target.baseline !== undefined) {
    evidence = 'fresh_observation';
    // A read without any of the signals can never be told fresh: waiting would mean guessing.
    if (target.baseline !== null && !carriesSignal(container)) return { kind: 'impossible', missing: 'status_details.observed_at' };
    // Rule 8: never a verdict from a read that still describes the previous rollout.
    if (!isFresh(container, target.baseline)) return wait('previous_rollout');
  } else if (target.generation !== undefined) {
    return { kind: 'impossible', missing: 'observed_generation' };
  } else {
    // Nothing was changed by this client: the current operation is what is waited for.
    evidence = 'settled';
  }
  // Rule 1: observed >= G means the change is being rolled out; a fresh read may still show it queued.
  if (!op.terminal) return evidence !== 'generation' && op.state === 'queued' ? wait('queued') : wait('rolling_out');
  return finished(details, op.state ?? '', evidence, observed, target.generation);
}

function finished(details: StatusDetails, state: string, evidence: Evidence, observed: number | undefined, generation: number | undefined): Decision {
  // Rule 4, in this order. Rule 5: observed > G means merged changes, finished for G too.
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
