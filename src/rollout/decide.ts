// The stop decision of a rollout wait (contract section 6, rules 2-5) as a pure function of
// one container read. The poller calls it after every GET; nothing here does I/O.
import type { Container } from '../client/schemas.js';

export type WaitPhase =
  /** The change waits: another rollout is running (`behind`) or the platform has not started it yet. */
  | 'queued'
  /** observed_generation >= G and the operation is not terminal. */
  | 'rolling_out'
  /** `status_details.stale`: the status is not trusted for the stop decision. */
  | 'stale'
  /** A terminal status with observed_generation < G: it describes the previous rollout. */
  | 'previous_rollout';

export type Outcome = 'ready' | 'degraded' | 'failed' | 'cancelled';

export type Decision =
  | {
      kind: 'wait';
      phase: WaitPhase;
      /** For `queued`: another rollout (of observed_generation) is in flight ahead of this change. */
      behind: boolean;
      observedGeneration: number;
    }
  | {
      kind: 'done';
      outcome: Outcome;
      /** The observed generation went past G: later changes were rolled out together with it. */
      merged: boolean;
      observedGeneration: number;
      /** `summary` as the API said it (`ready` outcome with a non-ready summary is named to the user). */
      summary: string;
      /** A terminal operation state this client does not know (counted as failed). */
      unknownState: boolean;
    };

const KNOWN_TERMINAL = new Set(['succeeded', 'failed', 'cancelled']);

export function decide(container: Pick<Container, 'status_details' | 'observed_generation'>, target: number): Decision {
  const details = container.status_details;
  const observed = container.observed_generation;
  const op = details.operation;
  const wait = (phase: WaitPhase, behind = false): Decision => ({ kind: 'wait', phase, behind, observedGeneration: observed });

  // Rule 3: a stale status is the last known one; it may say "terminal" for a rollout that
  // has moved on, so it never stops the wait.
  if (details.stale === true) return wait('stale');
  if (observed < target) {
    // Rule 2: a terminal status here describes the previous rollout.
    if (op.terminal) return wait('previous_rollout');
    // Rule 5: not started yet; `running` means another (earlier) rollout is ahead of it.
    return wait('queued', op.state !== 'queued');
  }
  if (!op.terminal) return wait('rolling_out');

  // Rule 4, in this order. Rule 5: observed > target means merged changes, finished for G too.
  const done = (outcome: Outcome): Decision => ({
    kind: 'done',
    outcome,
    merged: observed > target,
    observedGeneration: observed,
    summary: details.summary,
    unknownState: !KNOWN_TERMINAL.has(op.state),
  });
  if (details.summary === 'degraded') return done('degraded');
  if (op.state === 'succeeded') return done('ready');
  if (op.state === 'cancelled') return done('cancelled');
  return done('failed');
}
