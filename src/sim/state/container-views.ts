// JSON views of containers in the real dialect: ServerlessContainerResource,
// ServerlessDeploymentResource and the deploy operation of GET /operations/{id}.
import { iso, MINUTE } from '../clock.js';
import type { Team } from './auth.js';
import { becameReady, imageRef, isStopped, rolloutOf, servedUntil, servingAt, startedBy, type Change, type ContainerRecord, type Rollout } from './containers.js';
import { statusAt, type StatusAt, type StatusView } from './status.js';

// The profiles the facts name (v1.7.0 added micro); their sizes and prices are the simulator's
// own, between their neighbours: the facts give none.
export const PROFILES: Record<string, { cpu: [string, string]; memory: [string, string]; cents: number }> = {
  free: { cpu: ['100m', '250m'], memory: ['128Mi', '256Mi'], cents: 0 },
  micro: { cpu: ['150m', '350m'], memory: ['192Mi', '384Mi'], cents: 250 },
  small: { cpu: ['250m', '500m'], memory: ['256Mi', '512Mi'], cents: 500 },
  medium: { cpu: ['500m', '1000m'], memory: ['512Mi', '1Gi'], cents: 1200 },
  large: { cpu: ['1000m', '2000m'], memory: ['1Gi', '2Gi'], cents: 2500 },
};

export const SIM_USER = { id: 1, name: 'Sim User' };
export const POLL_AFTER_MS = 3000;

/** Where the simulator answers when it has no request to take the origin from. */
export const DEFAULT_ORIGIN = 'http://127.0.0.1';

/**
 * A container's URL: plain HTTP on the simulator's own port, so `serverless probe` can reach
 * it from this machine (handlers/container-traffic.ts serves it). The real service's
 * `https://<slug>-<team>.<domain>` becomes `<origin>/containers/<slug>-<team>`.
 */
export function containerUrl(c: ContainerRecord, team: Team, origin = DEFAULT_ORIGIN): string {
  return `${origin}/containers/${c.slug}-${team.name}`;
}

/** PHP serializes an empty associative array as `[]`; the real service does so too. */
export function phpMap(m: Record<string, string>): Record<string, string> | [] {
  return Object.keys(m).length === 0 ? [] : { ...m };
}

export function monthlyCostCents(c: ContainerRecord): number {
  return (PROFILES[c.spec.resource_profile]?.cents ?? 0) * Math.max(1, c.spec.min_scale);
}

/** Requests served so far: two a second while a revision takes traffic (deterministic). */
function servedMs(c: ContainerRecord, now: number): number {
  return startedBy(c, now)
    .filter((r) => becameReady(r) && r.endAt <= now)
    .reduce((sum, r) => sum + Math.max(0, servedUntil(c, r, now) - r.endAt), 0);
}

export interface ViewOptions {
  team: Team;
  now: number;
  generations: boolean;
  /** The simulator's origin (scheme, host, port), for the container's URL. */
  origin?: string;
}

export function containerJson(c: ContainerRecord, status: StatusAt, o: ViewOptions) {
  const s = c.spec;
  const profile = PROFILES[s.resource_profile] ?? PROFILES.small!;
  const started = startedBy(c, o.now);
  const latest = started.at(-1);
  const serving = servingAt(c, o.now);
  const ready = started.filter((r) => becameReady(r) && r.endAt <= o.now);
  const failure = status.details.error;
  const requests = Math.floor(servedMs(c, o.now) / 500);
  const replicas = serving && !isStopped(c, o.now) ? Math.max(1, s.min_scale) : 0;
  return {
    id: c.id,
    name: c.name,
    slug: c.slug,
    description: s.description,
    deployment_type: s.deployment_type,
    source_type: s.deployment_type === 'git_repository' ? s.source_type : null,
    repository_url: s.repository_url,
    repository_branch: s.repository_branch,
    repository_commit_sha: null,
    build_context_path: s.build_context_path,
    dockerfile_path: s.dockerfile_path,
    git_auth_type: 'none',
    buildpack_builder: null,
    detected_runtime: null,
    auto_build_on_push: false,
    auto_deploy: false,
    image: s.image,
    image_tag: s.image_tag,
    built_image_ref: s.image === null && latest ? `registry.sim.local/${o.team.name}/${c.slug}:build-${latest.number}` : null,
    registry_credential_id: s.registry_credential_id,
    uses_danube_registry: s.image?.startsWith('registry.sim.local/') ?? s.deployment_type !== 'docker_image',
    port: s.port,
    min_scale: s.min_scale,
    max_scale: s.max_scale,
    concurrency_target: s.concurrency_target,
    container_concurrency: 0,
    target_concurrency: String(s.concurrency_target),
    scaling_metric: s.scaling_metric,
    scaling_target: s.scaling_target,
    timeout_seconds: s.timeout_seconds,
    progress_deadline_seconds: s.progress_deadline_seconds,
    resource_profile: s.resource_profile,
    cpu_request: s.cpu_request ?? profile.cpu[0],
    cpu_limit: s.cpu_limit ?? profile.cpu[1],
    memory_request: s.memory_request ?? profile.memory[0],
    memory_limit: s.memory_limit ?? profile.memory[1],
    health_check_path: s.health_check_path,
    scale_to_zero_enabled: s.min_scale === 0,
    environment_variables: phpMap(s.environment_variables),
    status: status.legacyStatus,
    status_details: status.details,
    last_error: failure?.message ?? null,
    error_category: failure && latest?.outcome.failure ? latest.outcome.failure.category : null,
    knative_service_name: c.slug,
    url: containerUrl(c, o.team, o.origin),
    current_revision: latest ? (latest.unnamed ? null : latest.revision) : null,
    deployment_count: started.length,
    deployed_at: ready[0] ? iso(ready[0].endAt) : null,
    last_deployed_at: ready.at(-1) ? iso(ready.at(-1)!.endAt) : null,
    last_stopped_at: c.stoppedAt !== null && c.stoppedAt <= o.now ? iso(c.stoppedAt) : null,
    last_build_at: null,
    total_requests: requests,
    requests_per_minute: replicas > 0 ? 120 : 0,
    current_replicas: replicas,
    avg_response_time_ms: requests > 0 ? 42 : null,
    error_rate: requests > 0 ? 0.4 : null,
    metrics_updated_at: iso(Math.floor(o.now / MINUTE) * MINUTE),
    current_month_requests: requests,
    current_month_compute_seconds: Math.floor(requests / 20),
    current_month_cost_cents: Math.floor(monthlyCostCents(c) / 3),
    billing_period: iso(o.now).slice(0, 7),
    capabilities: { logs: true, events: true, revisions: true, diagnose: true },
    team: { id: o.team.id, name: o.team.name },
    user: SIM_USER,
    created_at: iso(c.createdAt),
    updated_at: iso(c.updatedAt),
    // What v1.7.0 added; a server that predates generations (--no-generations) lacks it all.
    ...(o.generations
      ? {
          spec_generation: c.specGeneration,
          observed_generation: status.observedGeneration,
          initial_scale: s.initial_scale,
          scale_down_delay_seconds: s.scale_down_delay_seconds,
          build_cache_enabled: s.build_cache_enabled,
        }
      : {}),
  };
}

/** status_details of one rollout (a deployment row). */
function rolloutStatus(c: ContainerRecord, r: Rollout, now: number): StatusView {
  return statusAt({ ...c, rollouts: c.rollouts.filter((x) => x.number <= r.number), changes: c.changes.filter((ch) => ch.generation <= r.generation), stoppedAt: null }, now).details;
}

export function deploymentState(c: ContainerRecord, r: Rollout, now: number): string {
  if (r.endAt > now) return 'deploying';
  if (r.outcome.kind === 'cancel') return 'cancelled';
  if (!becameReady(r)) return 'failed';
  return servingAt(c, now) === r ? 'active' : 'inactive';
}

export function deploymentJson(c: ContainerRecord, r: Rollout, now: number) {
  const serving = servingAt(c, now) === r;
  const f = r.endAt <= now ? r.outcome.failure : undefined;
  const replaced = c.rollouts.find((x) => x.startAt > r.startAt && x.endAt <= now && becameReady(x));
  return {
    id: r.id,
    serverless_container_id: c.id,
    revision_number: r.number,
    revision_name: r.revision,
    knative_revision_name: r.unnamed ? null : r.revision,
    description: r.spec.description,
    // the repository alone, the tag apart (the provider's client prints `image:image_tag`)
    image: r.spec.image ?? `registry.sim.local/${c.slug}`,
    image_tag: r.spec.image === null ? `build-${r.number}` : r.spec.image_tag,
    port: r.spec.port,
    min_scale: r.spec.min_scale,
    max_scale: r.spec.max_scale,
    target_concurrency: r.spec.concurrency_target,
    resource_profile: r.spec.resource_profile,
    status: deploymentState(c, r, now),
    status_details: rolloutStatus(c, r, now),
    is_current: serving,
    traffic_percent: serving && !isStopped(c, now) ? 100 : 0,
    error_message: f ? f.message(imageRef(r.spec) ?? '') : null,
    error_category: f?.category ?? null,
    total_requests: becameReady(r) && r.endAt <= now ? Math.floor(Math.max(0, servedUntil(c, r, now) - r.endAt) / 500) : 0,
    first_request_at: becameReady(r) && r.endAt <= now ? iso(r.endAt + 1000) : null,
    last_request_at: serving ? iso(now) : replaced && becameReady(r) && r.endAt <= now ? iso(replaced.endAt) : null,
    deployed_at: r.endAt <= now && becameReady(r) ? iso(r.endAt) : null,
    activated_at: r.endAt <= now && becameReady(r) ? iso(r.endAt) : null,
    deactivated_at: replaced && becameReady(r) && r.endAt <= now ? iso(replaced.endAt) : null,
    created_at: iso(r.startAt),
    updated_at: iso(r.endAt <= now ? r.endAt : r.startAt),
  };
}

const OP_STATE: Record<string, string> = { success: 'succeeded', noingress: 'succeeded', cancel: 'cancelled', fail: 'failed' };

/** The deploy operation of one change, following the rollout that carries it. */
export function operationJson(c: ContainerRecord, ch: Change, now: number) {
  const r = rolloutOf(c, ch.generation, now);
  const done = r !== undefined && r.endAt <= now;
  const state = !r ? 'queued' : done ? (OP_STATE[r.outcome.kind] ?? 'failed') : 'running';
  const f = done ? r.outcome.failure : undefined;
  return {
    operation_id: ch.operationId,
    resource_id: c.id,
    resource_type: 'serverless_container',
    kind: 'deploy',
    state,
    terminal: done,
    poll_after_ms: done ? null : POLL_AFTER_MS,
    revision: r ? r.revision : null,
    knative_revision: r && !r.unnamed ? r.revision : null,
    image: r ? imageRef(r.spec) : null,
    started_at: iso(ch.at),
    finished_at: done ? iso(r.endAt) : null,
    error: f && r ? { code: f.code, message: f.message(imageRef(r.spec) ?? ''), retryable: f.retryable, reason: null } : null,
  };
}
