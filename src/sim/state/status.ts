// status_details of a container at a moment (spec 2.3), derived from its rollouts.
import { iso } from '../clock.js';
import { servingAt, startedBy, type ContainerRecord } from './containers.js';

export interface StatusView {
  summary: string;
  health: string;
  observed_at: string;
  stale: boolean;
  operation: { state: string; terminal: boolean };
  error?: {
    code: string;
    source: string;
    resource: { kind: string; name: string };
    reason: string;
    message: string;
    retryable: boolean;
    observed_at: string;
  };
}

export interface StatusAt {
  details: StatusView;
  observedGeneration: number;
  legacyStatus: string;
}

export function statusAt(c: ContainerRecord, t: number): StatusAt {
  const started = startedBy(c, t);
  const cur = started.at(-1);
  const observedGeneration = cur?.generation ?? 0;
  const pending = c.changes.some((ch) => ch.at <= t && ch.generation > observedGeneration);
  const serving = servingAt(c, t);
  const base = { observed_at: iso(t), stale: false };
  let details: StatusView;
  if (c.stoppedAt !== null && c.stoppedAt <= t && !pending) {
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
          resource: { kind: 'Revision', name: cur.revision },
          reason: failure.reason,
          message: failure.message(cur.spec.image_url),
          retryable: failure.retryable,
          observed_at: iso(cur.endAt),
        };
      }
    }
    // A change waits behind the finished rollout: the settled status still describes the
    // previous rollout, the operation is the queued one.
    if (pending) details.operation = { state: 'queued', terminal: false };
  }
  return { details, observedGeneration, legacyStatus: legacy(details.summary) };
}

/** The legacy string is deliberately coarse (and not authoritative: 'running' mid-rollout). */
function legacy(summary: string): string {
  if (summary === 'stopped') return 'stopped';
  if (summary === 'failed') return 'failed';
  if (summary === 'pending') return 'deploying';
  return 'running';
}

export function containerUrl(c: ContainerRecord): string {
  return `https://${c.name}-${c.projectId.replace(/^prj-/, '')}.containers.sim.local`;
}

export function containerJson(c: ContainerRecord, status: StatusAt) {
  return {
    id: c.id,
    name: c.name,
    project_id: c.projectId,
    image_url: c.spec.image_url,
    port: c.spec.port,
    environment_variables: c.spec.environment_variables,
    min_instances: c.spec.min_instances,
    max_instances: c.spec.max_instances,
    resource_profile: c.spec.resource_profile,
    deployment_type: c.spec.deployment_type,
    status: status.legacyStatus,
    status_details: status.details,
    spec_generation: c.specGeneration,
    observed_generation: status.observedGeneration,
    latest_revision: c.rollouts.at(-1)?.revision ?? null,
    url: containerUrl(c),
    created_at: iso(c.createdAt),
    updated_at: iso(c.updatedAt),
  };
}
