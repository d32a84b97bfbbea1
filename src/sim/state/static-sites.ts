// Static sites in simulated time (real-api StaticSiteResource, StaticSiteDeploymentResource,
// StaticSiteDomainResource): a deploy is a build, then the rollout of its image; the site's
// status moves through both in the shared status model (lifecycle.ts). A build fails when the
// archive has no index.html at its root (or cannot be read), or for a site named `*-fail`.
// A failed build leaves the previous deployment serving: the site is then `degraded`.
import { iso, SECOND } from '../clock.js';
import { uuidFrom } from './ids.js';
import { failsByName, SLOW_MS, type Lifecycle } from './lifecycle.js';
import type { StatusView } from './status.js';

export const BUILD_MS = 30 * SECOND;
export const ROLLOUT_MS = 10 * SECOND;
export const VERIFY_MS = 20 * SECOND;
export const TLS_MS = 40 * SECOND;

export interface DeploymentRecord {
  id: string;
  revision: number;
  /** When the deploy was accepted; the build ends at `builtAt`, the rollout at `readyAt`. */
  at: number;
  builtAt: number;
  readyAt: number;
  /** The build's error, null when it succeeds. */
  error: string | null;
  fileCount: number | null;
  bytes: number;
  trigger: 'upload' | 'rollback';
}

export interface ActivationRecord {
  deploymentId: string;
  at: number;
  endAt: number;
  fails: boolean;
}

export interface DomainRecord {
  id: string;
  domain: string;
  createdAt: number;
  verifyAt: number | null;
  primary: boolean;
}

export interface StaticSiteRecord {
  id: string;
  teamId: number;
  name: string;
  slug: string;
  description: string | null;
  plan: string;
  createdAt: number;
  updatedAt: number;
  life: Lifecycle;
  deployments: DeploymentRecord[];
  activations: ActivationRecord[];
  domains: DomainRecord[];
}

export const PLAN_CENTS: Record<string, number> = { free: 0, starter: 500, pro: 2000 };

export function slugOf(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 63) || 'site'
  );
}

/** How long a build of this site takes (`-slow` sites: 20 minutes). */
export function buildMs(site: { name: string }): number {
  return /-slow$/.test(site.name) ? SLOW_MS : BUILD_MS;
}

/** Why a build of these archive entries fails, or null. */
export function buildError(site: { name: string }, entries: readonly { name: string }[] | null): string | null {
  if (failsByName(site.name)) return `The build of ${site.name} failed on the node.`;
  if (entries === null) return 'The archive could not be read as a ZIP file.';
  if (!entries.some((e) => e.name === 'index.html')) return 'No index.html at the root of the archive: the site would have no home page.';
  return null;
}

/** The deployment serving at `now`: the latest successful rollout or activation that has finished. */
export function currentDeployment(s: StaticSiteRecord, now: number): DeploymentRecord | undefined {
  const events: { id: string; at: number }[] = [
    ...s.deployments.filter((d) => d.error === null && d.readyAt <= now).map((d) => ({ id: d.id, at: d.readyAt })),
    ...s.activations.filter((a) => !a.fails && a.endAt <= now).map((a) => ({ id: a.deploymentId, at: a.endAt })),
  ];
  let best: { id: string; at: number } | undefined;
  for (const e of events) if (!best || e.at >= best.at) best = e;
  return best ? s.deployments.find((d) => d.id === best.id) : undefined;
}

export function deploymentStatus(s: StaticSiteRecord, d: DeploymentRecord, now: number): string {
  if (now < d.builtAt) return 'building';
  if (d.error !== null) return 'failed';
  if (now < d.readyAt) return 'deploying';
  return currentDeployment(s, now)?.id === d.id ? 'active' : 'superseded';
}

export function imageRef(s: StaticSiteRecord, d: DeploymentRecord): string {
  return `registry.sim.local/sites/${s.id}:r${d.revision}`;
}

export function deploymentJson(s: StaticSiteRecord, d: DeploymentRecord, now: number) {
  const status = deploymentStatus(s, d, now);
  const built = now >= d.builtAt && d.error === null;
  return {
    id: d.id,
    revision_number: d.revision,
    status,
    image_ref: built ? imageRef(s, d) : '',
    trigger_type: d.trigger,
    is_current: status === 'active',
    file_count: d.fileCount,
    file_size_bytes: built ? d.bytes : null,
    build_duration_seconds: now >= d.builtAt ? Math.round((d.builtAt - d.at) / 1000) : null,
    commit_sha: null,
    commit_message: null,
    deployed_at: status === 'active' || status === 'superseded' ? iso(d.readyAt) : null,
    created_at: iso(d.at),
  };
}

/**
 * The latest build (real-api StaticSiteBuildResource, GET .../builds/latest): every uploaded
 * archive is built once, so a deployment record is also its build; `build_number` is its
 * revision. `building` until the build ends, then `succeeded` or `failed` with the build's error.
 */
export function latestBuildJson(s: StaticSiteRecord, now: number) {
  const d = s.deployments.filter((x) => x.at <= now && x.trigger === 'upload').sort((a, b) => b.at - a.at || b.revision - a.revision)[0];
  if (!d) return null;
  const done = now >= d.builtAt;
  return {
    id: uuidFrom(`static-site-build/${d.id}`),
    build_number: d.revision,
    status: !done ? 'building' : d.error === null ? 'succeeded' : 'failed',
    source_type: 'upload',
    trigger_type: d.trigger,
    file_count: d.fileCount,
    source_size_bytes: d.bytes,
    duration_seconds: done ? Math.round((d.builtAt - d.at) / 1000) : null,
    error_message: done ? d.error : null,
    commit_sha: null,
    commit_message: null,
    created_at: iso(d.at),
    updated_at: iso(Math.min(now, d.builtAt)),
  };
}

/** A domain's verification: pending until asked; `.invalid` names never verify (no TXT record can exist). */
export function domainJson(s: StaticSiteRecord, d: DomainRecord, teamName: string, now: number) {
  const asked = d.verifyAt !== null && d.verifyAt <= now;
  const checked = asked && now >= d.verifyAt! + VERIFY_MS;
  const verified = checked && !d.domain.endsWith('.invalid');
  const issued = verified && now >= d.verifyAt! + VERIFY_MS + TLS_MS;
  const token = d.id.replace(/-/g, '').slice(0, 12);
  const target = `${s.slug}-${teamName}.sites.sim.local`;
  return {
    id: d.id,
    domain: d.domain,
    verification_status: !asked ? 'pending' : !checked ? 'verifying' : verified ? 'verified' : 'failed',
    tls_status: issued ? 'issued' : verified ? 'provisioning' : 'pending',
    deployment_status: issued ? 'deployed' : 'pending',
    is_primary: d.primary,
    dns_instructions: `Add a TXT record _infra-verify.${d.domain} with the value infra-verify=${token}, and a CNAME record for ${d.domain} pointing to ${target}.`,
    created_at: iso(d.createdAt),
  };
}

/**
 * The status model of a site: the lifecycle's, except that a failed build leaves the previous
 * deployment serving, which is `degraded` (docs/behaviour.md#api-status: terminal, not an outage), and that the
 * error of a failed build carries the build's own message.
 */
export function siteDetails(s: StaticSiteRecord, base: StatusView, now: number): StatusView {
  const last = s.life.ops.filter((o) => o.at <= now).at(-1);
  if (!base.error || !last || last.kind !== 'build') return base;
  const d = [...s.deployments].reverse().find((x) => x.at <= now);
  const error = { ...base.error, reason: 'BuildFailed', message: d?.error ?? base.error.message, retryable: false };
  return currentDeployment(s, now) ? { ...base, summary: 'degraded', health: 'healthy', error } : { ...base, error };
}

/** Accepts a deploy: the build runs now, the rollout of its image right after (when it builds). */
export function startDeploy(s: StaticSiteRecord, id: string, now: number, build: { error: string | null; fileCount: number | null; bytes: number }): DeploymentRecord {
  const builtAt = now + buildMs(s);
  const d: DeploymentRecord = {
    id,
    revision: s.deployments.reduce((m, x) => Math.max(m, x.revision), 0) + 1,
    at: now,
    builtAt,
    readyAt: builtAt + ROLLOUT_MS,
    error: build.error,
    fileCount: build.fileCount,
    bytes: build.bytes,
    trigger: 'upload',
  };
  s.deployments.push(d);
  // Two operations back to back: the site reads `building`, then `deploying`, then `active`.
  s.life.ops.push({ kind: 'build', during: 'building', after: 'deploying', ms: builtAt - now, at: now, endAt: builtAt, fails: build.error !== null });
  if (build.error === null) s.life.ops.push({ kind: 'deploy', during: 'deploying', after: 'active', ms: ROLLOUT_MS, at: builtAt, endAt: d.readyAt, fails: false });
  s.updatedAt = now;
  return d;
}

/** An operation started or scheduled that has not ended (a deploy's rollout is scheduled behind its build). */
export function busyOp(s: StaticSiteRecord, now: number) {
  return s.life.ops.find((o) => o.endAt > now);
}
