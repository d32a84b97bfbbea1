// status_details (docs/behaviour.md#api-status): of a container at a moment, derived from its rollouts, and the
// settled form every other product carries (real-api: one status model).
import { iso } from '../clock.js';
import { imageRef, isStopped, servingAt, startedBy, type ContainerRecord } from './containers.js';

export interface StatusError {
  code: string;
  source: string;
  resource: { kind: string; name: string | null };
  reason: string;
  message: string;
  retryable: boolean;
  observed_at: string;
}

export interface StatusView {
  summary: string;
  health: string;
  observed_at: string;
  stale: boolean;
  operation: { state: string; terminal: boolean };
  error: StatusError | null;
}

export interface StatusAt {
  details: StatusView;
  observedGeneration: number;
  legacyStatus: string;
}

/**
 * `observed_at` is "when the platform last checked the cluster": the latest transition the
 * platform has observed by `t` (creation, a rollout picked up, a rollout settled, a stop).
 * A settled container keeps it, a write that is only queued does not move it, and the pick-up
 * of that write does: that is what lets a client without generations tell a fresh read.
 */
export function lastObserved(c: ContainerRecord, t: number): number {
  let last = c.createdAt;
  for (const r of startedBy(c, t)) last = Math.max(last, r.endAt <= t ? r.endAt : r.startAt);
  if (c.stoppedAt !== null && c.stoppedAt <= t) last = Math.max(last, c.stoppedAt);
  return last;
}

export function statusAt(c: ContainerRecord, t: number): StatusAt {
  const started = startedBy(c, t);
  const cur = started.at(-1);
  const observedGeneration = cur?.generation ?? 0;
  const pending = c.changes.some((ch) => ch.at <= t && ch.generation > observedGeneration);
  const serving = servingAt(c, t);
  const observedAt = iso(lastObserved(c, t));
  const base = { observed_at: observedAt, stale: false, error: null };
  let details: StatusView;
  if (isStopped(c, t) && !pending) {
    details = { ...base, summary: 'stopped', health: 'unknown', operation: { state: 'succeeded', terminal: true } };
  } else if (!cur) {
    details = { ...base, summary: 'pending', health: 'unknown', operation: { state: 'queued', terminal: false } };
  } else if (cur.endAt > t) {
    details = { ...base, summary: 'in_progress', health: 'unknown', operation: { state: 'running', terminal: false } };
  } else {
    const kind = cur.outcome.kind;
    const failure = cur.outcome.failure;
    if (kind === 'success') {
      details = { ...base, summary: 'ready', health: 'healthy', operation: { state: 'succeeded', terminal: true } };
    } else if (kind === 'noingress') {
      // The revision is ready and the rollout succeeded, yet the public URL does not serve:
      // summary ready, health unhealthy; diagnose names serverless.ingress_not_ready.
      details = { ...base, summary: 'ready', health: 'unhealthy', operation: { state: 'succeeded', terminal: true } };
    } else if (kind === 'cancel') {
      details = {
        ...base,
        summary: serving ? 'ready' : 'failed',
        health: serving ? 'healthy' : 'unknown',
        operation: { state: 'cancelled', terminal: true },
      };
    } else {
      details = {
        ...base,
        summary: serving ? 'degraded' : 'failed',
        health: serving ? 'healthy' : 'unhealthy',
        operation: { state: 'failed', terminal: true },
      };
      if (failure) {
        details.error = {
          code: failure.code,
          source: 'reconciler',
          resource: { kind: 'Revision', name: cur.unnamed ? null : cur.revision },
          reason: failure.reason,
          message: failure.message(imageRef(cur.spec) ?? ''),
          retryable: failure.retryable,
          observed_at: iso(cur.endAt),
        };
      }
    }
    // A change waits behind the finished rollout: the settled status still describes the
    // previous rollout, the operation is the queued one.
    if (pending) details.operation = { state: 'queued', terminal: false };
  }
  // Field order as the real service sends it.
  const { summary, health, operation, error } = details;
  details = { summary, health, observed_at: observedAt, stale: false, operation, error };
  return { details, observedGeneration, legacyStatus: legacy(details.summary) };
}

/** The legacy string is deliberately coarse (and not authoritative: 'running' mid-rollout). */
function legacy(summary: string): string {
  if (summary === 'stopped') return 'stopped';
  if (summary === 'failed') return 'failed';
  if (summary === 'pending') return 'deploying';
  return 'running';
}

/** The status of a product without rollouts: settled since `since`. */
export function settledStatus(legacyStatus: string, since: number): StatusView {
  const stopped = legacyStatus === 'stopped';
  const failed = legacyStatus === 'error';
  return {
    summary: stopped ? 'stopped' : failed ? 'failed' : 'ready',
    health: stopped ? 'unknown' : failed ? 'unhealthy' : 'healthy',
    observed_at: iso(since),
    stale: false,
    operation: { state: failed ? 'failed' : 'succeeded', terminal: true },
    error: null,
  };
}
