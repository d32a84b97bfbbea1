// The registry's answers in the real shapes (real-api "registry"): repositories and tags,
// what uses a tag (a delete of a tag a container runs is refused 409 image_in_use), the
// project's context (where to push), verify-push and usage.
import type { Team } from './auth.js';
import { imageRef, servingAt } from './containers.js';
import { REGISTRY_LIMITS, SIM_REGISTRY, type RepoRecord, type TagRecord } from './image-registry.js';
import { namespaceOf } from './registry.js';
import type { World } from './world.js';

/** Tags kept per repository when the repository sets no `keep_last_tags`. */
export const DEFAULT_KEEP_LAST_TAGS = 50;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function tagJson(t: TagRecord) {
  return { tag: t.tag, digest: t.digest, media_type: 'application/vnd.oci.image.manifest.v1+json', bytes_size: t.bytes, pushed_at: iso(t.pushedAt) };
}

export function repoJson(r: RepoRecord, withTags = false) {
  const newest = r.tags.reduce<number | null>((m, t) => (m === null || t.pushedAt > m ? t.pushedAt : m), null);
  return {
    id: r.id,
    path: `${r.namespace}/${r.name}`,
    bytes_used: r.tags.reduce((n, t) => n + t.bytes, 0),
    tag_count: r.tags.length,
    keep_last_tags: r.keepLastTags,
    effective_keep_last_tags: r.keepLastTags ?? DEFAULT_KEEP_LAST_TAGS,
    last_push_at: iso(newest),
    ...(withTags ? { tags: newestFirst(r.tags).map(tagJson) } : {}),
    team_id: r.teamId,
    created_at: iso(r.createdAt),
  };
}

export const newestFirst = (tags: readonly TagRecord[]) => [...tags].sort((a, b) => b.pushedAt - a.pushedAt || (a.tag < b.tag ? 1 : -1));

/** The containers of the project that run `repo:tag` (their current spec, or the revision serving). */
export function inUseBy(world: World, r: RepoRecord, tag: string | null, now: number) {
  const image = `${SIM_REGISTRY}/${r.namespace}/${r.name}`;
  const matches = (ref: string | null) => ref !== null && (tag === null ? ref.startsWith(`${image}:`) : ref === `${image}:${tag}`);
  return world.containers
    .list(r.teamId, now)
    .filter((c) => matches(imageRef(c.spec)) || matches(servingAt(c, now)?.spec ? imageRef(servingAt(c, now)!.spec) : null))
    .map((c) => ({ type: 'serverless_container', id: c.id, name: c.name, image: imageRef(c.spec) }));
}

export function contextView(world: World, team: Team) {
  const ns = namespaceOf(team);
  const used = world.registry.list(team.id).length;
  const bytes = world.registry.bytesUsed(team.id);
  return {
    registry_host: SIM_REGISTRY,
    namespace: ns,
    push_prefix: `${SIM_REGISTRY}/${ns}`,
    repositories: { used, limit: REGISTRY_LIMITS.repositories, can_create: used < REGISTRY_LIMITS.repositories },
    storage: { used_bytes: bytes, limit_bytes: REGISTRY_LIMITS.bytes, can_push: bytes < REGISTRY_LIMITS.bytes },
  };
}

export function usageView(world: World, team: Team) {
  return {
    data: { bytes_used: world.registry.bytesUsed(team.id), repository_count: world.registry.list(team.id).length, max_bytes: REGISTRY_LIMITS.bytes, max_repositories: REGISTRY_LIMITS.repositories },
    meta: { unlimited_is_zero: true },
  };
}

/**
 * GET /registry/verify-push?repository=R: `web`, `acme/web` or `registry.sim.local/acme/web`.
 * Permitted inside the project's namespace while the quota allows; the error (code, hint)
 * rides in the envelope of a 200, as the facts show.
 */
export function verifyPushView(world: World, team: Team, repository: string) {
  const ns = namespaceOf(team);
  const bare = repository.startsWith(`${SIM_REGISTRY}/`) ? repository.slice(SIM_REGISTRY.length + 1) : repository;
  const slash = bare.lastIndexOf('/');
  const provided = slash < 0 ? null : bare.slice(0, slash);
  const name = bare.slice(slash + 1);
  const data = { repository: bare, permitted: false, namespace: ns, provided_namespace: provided, push_reference: null as string | null };
  if (provided !== null && provided !== ns) {
    return {
      success: false,
      data,
      meta: {},
      error: { code: 'registry.namespace_mismatch', message: `This project pushes to ${ns}, not ${provided}.`, retryable: false, hint: `Tag the image as ${SIM_REGISTRY}/${ns}/${name}.` },
    };
  }
  const exists = world.registry.list(team.id).some((r) => r.name === name);
  const ctx = contextView(world, team);
  if ((!exists && !ctx.repositories.can_create) || !ctx.storage.can_push) {
    return {
      success: false,
      data,
      meta: {},
      error: { code: 'registry.quota_exceeded', message: null, retryable: false, hint: 'Delete unused tags or repositories, or upgrade the plan, then retry.' },
    };
  }
  return { success: true, data: { ...data, permitted: true, push_reference: `${SIM_REGISTRY}/${ns}/${name}` }, error: null, meta: {} };
}
