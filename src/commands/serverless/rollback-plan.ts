// Which deployment a rollback goes back to, and the change that re-applies it: pure
// functions of the deployment history (GET /serverless/{id}/deployments) and the container.
import { CliError } from '../../cli/errors.js';
import type { Container } from '../../client/schemas.js';
import type { ContainerChange, Deployment } from '../../client/serverless.js';
import { ExitCode } from '../../shared/exit-codes.js';

/**
 * The image of a deployment as `image` + `image_tag`. Servers differ: some send the
 * repository in `image` and the tag in `image_tag`, others the whole reference in `image`;
 * the `image_tag` field wins where both say something.
 */
export function deploymentImageParts(d: Deployment): { image: string; image_tag: string } | undefined {
  const ref = d.image ?? undefined;
  if (!ref) return undefined;
  const tag = d.image_tag ?? undefined;
  const at = ref.indexOf('@');
  if (at >= 0) return tag ? { image: ref.slice(0, at), image_tag: tag } : undefined;
  const slash = ref.lastIndexOf('/');
  const colon = ref.lastIndexOf(':');
  if (colon > slash) return { image: ref.slice(0, colon), image_tag: tag ?? ref.slice(colon + 1) };
  return { image: ref, image_tag: tag ?? 'latest' };
}

export function deploymentImage(d: Deployment): string | undefined {
  const p = deploymentImageParts(d);
  return p ? `${p.image}:${p.image_tag}` : (d.image ?? undefined);
}

/** A deployment that became ready at some point (so re-applying it has worked before). */
export function becameReady(d: Deployment): boolean {
  const status = d.status ?? '';
  if (/fail|cancel|error/i.test(status) || /deploying|pending|progress|queued|building/i.test(status)) return false;
  return Boolean(d.deployed_at || d.activated_at || d.is_current === true);
}

export function revisionLabel(d: Deployment): string {
  const n = d.revision_number ?? '?';
  const name = d.revision_name ?? d.knative_revision_name;
  return name ? `revision ${n} (${name})` : `revision ${n}`;
}

/**
 * `--to N` or `--to NAME`: that deployment. Default: the newest deployment older than the
 * latest one that became ready: the previous working configuration, also when the latest
 * rollout failed and an older revision still serves.
 */
export function pickTarget(items: readonly Deployment[], to: string | undefined, container: string): Deployment {
  const list = items.map((d) => String(d.revision_number ?? '?')).join(', ');
  if (to !== undefined) {
    const hit = /^\d+$/.test(to) ? items.find((d) => d.revision_number === Number(to)) : items.find((d) => d.revision_name === to || d.knative_revision_name === to);
    if (!hit)
      throw new CliError(
        ExitCode.NOT_FOUND,
        `${container} has no deployment with revision ${to}`,
        items.length ? `its revisions: ${list} (infra serverless deployments ${container})` : `${container} has no deployments yet`,
      );
    return hit;
  }
  const earlier = items.slice(1).find(becameReady);
  if (!earlier)
    throw new CliError(
      ExitCode.FAILED,
      `no deployment of ${container} older than the latest became ready: there is nothing to roll back to`,
      items.length > 1 ? `name one with --to REVISION (revisions: ${list})` : undefined,
    );
  return earlier;
}

/** The fields of the target deployment that differ from the container now (what the PUT sends). */
export function rollbackChange(target: Deployment, current: Container): ContainerChange {
  const change: ContainerChange = {};
  const img = deploymentImageParts(target);
  if (!img) throw new CliError(ExitCode.FAILED, `${revisionLabel(target)} has no image reference that can be sent back (the API takes an image and a tag)`);
  if (img.image !== current.image || img.image_tag !== current.image_tag) Object.assign(change, img);
  const same = (a: unknown, b: unknown) => a === undefined || a === null || a === b;
  if (!same(target.port, current.port)) change.port = target.port!;
  if (!same(target.min_scale, current.min_scale)) change.min_scale = target.min_scale!;
  if (!same(target.max_scale, current.max_scale)) change.max_scale = target.max_scale!;
  if (!same(target.resource_profile, current.resource_profile)) change.resource_profile = target.resource_profile!;
  const concurrency = (current as Record<string, unknown>).concurrency_target;
  if (typeof target.target_concurrency === 'number' && typeof concurrency === 'number' && target.target_concurrency !== concurrency) change.concurrency_target = target.target_concurrency;
  return change;
}
