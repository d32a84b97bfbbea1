// Serverless containers and their rollout state machine (docs/behaviour.md#api-status, docs/behaviour.md#api-rollouts; docs/behaviour.md#waits).
// Changes are recorded with their sim time; rollouts are materialized lazily from the
// clock by `settle`, so the whole history is a pure function of the recorded changes.
import { outcomeFor, type Outcome } from './failures.js';
import { QUEUE_DELAY_MS } from './failures.js';
import { uuidFrom } from './ids.js';
import { TeamStore } from './store.js';

export type DeploymentType = 'docker_image' | 'git_repository' | 'zip_upload';

/** What a create or update sets; every change snapshots it for its rollout. */
export interface ContainerSpec {
  description: string | null;
  deployment_type: DeploymentType;
  image: string | null;
  image_tag: string;
  repository_url: string | null;
  repository_branch: string;
  source_type: 'dockerfile' | 'buildpack';
  build_context_path: string;
  dockerfile_path: string;
  port: number;
  environment_variables: Record<string, string>;
  min_scale: number;
  max_scale: number;
  resource_profile: string;
  concurrency_target: number;
  scaling_metric: string;
  scaling_target: number;
  timeout_seconds: number;
  health_check_path: string | null;
  progress_deadline_seconds: number | null;
  registry_credential_id: string | null;
  /** null = the resource profile's value. */
  cpu_request: string | null;
  cpu_limit: string | null;
  memory_request: string | null;
  memory_limit: string | null;
  /** v1.7.0: replicas a new revision starts with, and how long an idle one stays; null = the platform's. */
  initial_scale: number | null;
  scale_down_delay_seconds: number | null;
  build_cache_enabled: boolean;
}

export const DEFAULT_SPEC: ContainerSpec = {
  description: null,
  deployment_type: 'docker_image',
  image: null,
  image_tag: 'latest',
  repository_url: null,
  repository_branch: 'main',
  source_type: 'dockerfile',
  build_context_path: '.',
  dockerfile_path: 'Dockerfile',
  port: 8080,
  environment_variables: {},
  min_scale: 0,
  max_scale: 3,
  resource_profile: 'small',
  concurrency_target: 100,
  scaling_metric: 'concurrency',
  scaling_target: 100,
  timeout_seconds: 300,
  health_check_path: null,
  progress_deadline_seconds: 600,
  registry_credential_id: null,
  cpu_request: null,
  cpu_limit: null,
  memory_request: null,
  memory_limit: null,
  initial_scale: null,
  scale_down_delay_seconds: null,
  // Builds reuse cached layers unless told otherwise (the facts name no default).
  build_cache_enabled: true,
};

/** One create, update or redeploy: a spec_generation and the operation that tracks it. */
export interface Change {
  generation: number;
  at: number;
  spec: ContainerSpec;
  operationId: string;
  /** The image was not in the simulated registry when the change was sent (image_not_found). */
  imageMissing?: boolean;
}

export interface Rollout {
  id: string;
  /** 1-based revision number. */
  number: number;
  /** The highest spec_generation merged into this rollout (= observed_generation). */
  generation: number;
  startAt: number;
  endAt: number;
  spec: ContainerSpec;
  outcome: Outcome;
  revision: string;
  /** The platform lost this revision's name (real-api: a revision `name` may be null). */
  unnamed: boolean;
}

export interface LogBurst {
  revision: string;
  start: number;
  step: number;
  count: number;
}

export interface ContainerRecord {
  id: string;
  teamId: number;
  name: string;
  slug: string;
  createdAt: number;
  updatedAt: number;
  spec: ContainerSpec;
  specGeneration: number;
  changes: Change[];
  rollouts: Rollout[];
  stoppedAt: number | null;
  bursts: LogBurst[];
  /** Revision numbers whose name the seed drops. */
  unnamedRevisions: number[];
  /** Sim time of the last request to the container's URL (scale to zero counts from it). */
  lastRequestAt: number | null;
  /** Requests its URL has served. */
  hits: number;
}

/** A create's answer kept under its Idempotency-Key: a retry of the same request gets it back. */
export interface StoredCreate {
  fingerprint: string;
  status: number;
  body: unknown;
}

/** The image reference a rollout pulls (`image:tag`), or null for source builds. */
export function imageRef(spec: ContainerSpec): string | null {
  return spec.image === null ? null : `${spec.image}:${spec.image_tag}`;
}

export class ContainerStore extends TeamStore<ContainerRecord> {
  /** Idempotency keys of creates, per team (`<team>\u0000<key>`). */
  readonly createKeys = new Map<string, StoredCreate>();
  /** Whether the registry has a spec's image (false: its rollout fails as image_not_found); set by the world. */
  imageExists?: (spec: ContainerSpec) => boolean | null;

  override list(teamId: number, now?: number): ContainerRecord[] {
    const out = super.list(teamId);
    if (now !== undefined) out.forEach((c) => settle(c, now));
    return out;
  }

  bySlug(teamId: number, slug: string): ContainerRecord | undefined {
    return this.items.find((x) => x.teamId === teamId && x.slug === slug);
  }

  create(init: { id: string; teamId: number; name: string; slug: string; spec: ContainerSpec; at: number }): ContainerRecord {
    const c: ContainerRecord = {
      ...init,
      createdAt: init.at,
      updatedAt: init.at,
      specGeneration: 0,
      changes: [],
      rollouts: [],
      stoppedAt: null,
      bursts: [],
      unnamedRevisions: [],
      lastRequestAt: null,
      hits: 0,
    };
    this.add(c);
    return this.change(c, init.spec, init.at);
  }

  /** Records a create, update or redeploy: a new spec_generation, queued for rollout. */
  change(c: ContainerRecord, spec: ContainerSpec, at: number): ContainerRecord {
    settle(c, at);
    c.specGeneration += 1;
    c.spec = spec;
    c.updatedAt = at;
    const imageMissing = this.imageExists?.(spec) === false;
    c.changes.push({ generation: c.specGeneration, at, spec, operationId: uuidFrom(`${c.id}/operation/${c.specGeneration}`), ...(imageMissing ? { imageMissing } : {}) });
    return c;
  }

  stop(c: ContainerRecord, at: number): void {
    settle(c, at);
    c.stoppedAt = at;
  }
}

/**
 * Materializes every rollout that has started by `now`. A rollout starts QUEUE_DELAY_MS
 * after the oldest waiting change, but never before the previous rollout ended (one at a
 * time, in order); every change sent by its start is merged into it.
 */
export function settle(c: ContainerRecord, now: number): ContainerRecord {
  for (;;) {
    const prev = c.rollouts.at(-1);
    const observed = prev?.generation ?? 0;
    const waiting = c.changes.filter((ch) => ch.generation > observed);
    const first = waiting[0];
    if (!first) break;
    const start = Math.max(first.at + QUEUE_DELAY_MS, prev ? prev.endAt : -Infinity);
    if (start > now) break;
    const last = waiting.filter((ch) => ch.at <= start).at(-1) ?? first;
    const outcome = last.imageMissing ? outcomeFor('missing') : outcomeFor(last.spec.image === null ? '' : last.spec.image_tag);
    const number = c.rollouts.length + 1;
    c.rollouts.push({
      id: uuidFrom(`${c.id}/deployment/${number}`),
      number,
      generation: last.generation,
      startAt: start,
      endAt: start + outcome.durationMs,
      spec: last.spec,
      outcome,
      revision: `${c.slug}-${String(number).padStart(5, '0')}`,
      unnamed: c.unnamedRevisions.includes(number),
    });
  }
  return c;
}

export function startedBy(c: ContainerRecord, t: number): Rollout[] {
  return c.rollouts.filter((r) => r.startAt <= t);
}

export function becameReady(r: Rollout): boolean {
  return r.outcome.kind === 'success' || r.outcome.kind === 'noingress';
}

/** The rollout whose revision takes the traffic at time t (the last one that became ready). */
export function servingAt(c: ContainerRecord, t: number): Rollout | undefined {
  return startedBy(c, t)
    .filter((r) => r.endAt <= t && becameReady(r))
    .at(-1);
}

/** When a rollout's revision stopped taking traffic (a later ready revision replaced it). */
export function servedUntil(c: ContainerRecord, r: Rollout, now: number): number {
  const later = c.rollouts.find((x) => x.startAt > r.startAt && x.endAt <= now && becameReady(x));
  const stop = c.stoppedAt !== null && c.stoppedAt <= now && c.stoppedAt >= r.endAt ? c.stoppedAt : now;
  return Math.min(later ? later.endAt : now, stop);
}

/** The rollout that carries change `generation` (the first whose generation reaches it). */
export function rolloutOf(c: ContainerRecord, generation: number, now: number): Rollout | undefined {
  return startedBy(c, now).find((r) => r.generation >= generation);
}

/**
 * A stop lasts until a later rollout is picked up, not until the write that asks for one: a
 * queued write moves nothing the platform observed (observed_at, last_stopped_at).
 */
export function isStopped(c: ContainerRecord, now: number): boolean {
  const at = c.stoppedAt;
  return at !== null && at <= now && !startedBy(c, now).some((r) => r.startAt > at);
}
