// Builds from an uploaded archive (POST /serverless/{id}/deploy): each moves pending →
// building → pushing → succeeded over simulated seconds, pushes its image into the project's
// registry, then the container rolls it out (a change through the container rollout
// machinery). An archive without a Dockerfile at its root, or holding a file named
// FAIL_BUILD, fails while building. Like the rollouts, a build's state is a pure function of
// the clock; its effects (the push, the rollout) are applied once, by `settleBuilds`.
import { SECOND } from '../clock.js';
import { imageRef, type ContainerRecord } from './containers.js';
import { SIM_REGISTRY } from './image-registry.js';
import { uuidFrom } from './ids.js';
import { TeamStore } from './store.js';
import type { World } from './world.js';

export const BUILD_PHASES = { building: 2 * SECOND, pushing: 12 * SECOND, done: 15 * SECOND, failAt: 6 * SECOND } as const;

export type BuildStatus = 'pending' | 'building' | 'pushing' | 'succeeded' | 'failed' | 'cancelled';

export interface BuildRecord {
  id: string;
  teamId: number;
  containerId: string;
  number: number;
  createdAt: number;
  files: string[];
  bytes: number;
  /** Why it fails (the build log's last line), or null when it succeeds. */
  failure: string | null;
  cancelledAt: number | null;
  /** The push and the rollout happened. */
  applied: boolean;
  namespace: string;
}

export class BuildStore extends TeamStore<BuildRecord> {
  latest(teamId: number, containerId: string): BuildRecord | undefined {
    return this.list(teamId)
      .filter((b) => b.containerId === containerId)
      .at(-1);
  }

  nextNumber(containerId: string): number {
    return this.items.filter((b) => b.containerId === containerId).length + 1;
  }

  pending(): BuildRecord[] {
    return this.items.filter((b) => !b.applied && b.failure === null && b.cancelledAt === null);
  }
}

/** Why an archive cannot be built, or null (the simulator's stand-in for a real build). */
export function buildFailure(files: readonly string[]): string | null {
  if (files.some((f) => f === 'FAIL_BUILD' || f.endsWith('/FAIL_BUILD'))) return 'Step 4/6 : RUN npm run build returned a non-zero code: 1';
  if (!files.includes('Dockerfile')) return 'failed to read dockerfile: open Dockerfile: no such file or directory';
  return null;
}

export function statusAt(b: BuildRecord, now: number): BuildStatus {
  const age = now - b.createdAt;
  if (b.cancelledAt !== null && b.cancelledAt <= now) return 'cancelled';
  if (b.failure !== null && age >= BUILD_PHASES.failAt) return 'failed';
  if (age >= BUILD_PHASES.done) return 'succeeded';
  if (age >= BUILD_PHASES.pushing) return 'pushing';
  if (age >= BUILD_PHASES.building) return 'building';
  return 'pending';
}

export const isTerminal = (s: BuildStatus) => s === 'succeeded' || s === 'failed' || s === 'cancelled';

export function repositoryOf(c: ContainerRecord, b: BuildRecord): string {
  return `${SIM_REGISTRY}/${b.namespace}/${c.slug}`;
}

export function buildJson(c: ContainerRecord, b: BuildRecord, now: number) {
  const status = statusAt(b, now);
  const endedAt = status === 'cancelled' ? b.cancelledAt! : status === 'failed' ? b.createdAt + BUILD_PHASES.failAt : b.createdAt + BUILD_PHASES.done;
  return {
    id: b.id,
    build_number: b.number,
    status,
    source_type: 'dockerfile',
    trigger_type: 'upload',
    built_image_ref: status === 'succeeded' ? `${repositoryOf(c, b)}:build-${b.number}` : null,
    duration_seconds: isTerminal(status) ? Math.round((endedAt - b.createdAt) / 1000) : null,
    error_message: status === 'failed' ? b.failure : null,
    created_at: new Date(b.createdAt).toISOString(),
  };
}

export function newBuild(world: World, c: ContainerRecord, namespace: string, files: string[], bytes: number, now: number): BuildRecord {
  const number = world.builds.nextNumber(c.id);
  // One build at a time per container: a new upload supersedes the one still running.
  const running = world.builds.latest(c.teamId, c.id);
  if (running && !isTerminal(statusAt(running, now))) running.cancelledAt = now;
  return world.builds.add({
    id: uuidFrom(`${c.id}/build/${number}`),
    teamId: c.teamId,
    containerId: c.id,
    number,
    createdAt: now,
    files,
    bytes,
    failure: buildFailure(files),
    cancelledAt: null,
    applied: false,
    namespace,
  });
}

/** Applies every build that succeeded by `now`: its tag is pushed, then the container rolls it out. */
export function settleBuilds(world: World, now: number): void {
  for (const b of world.builds.pending()) {
    if (statusAt(b, now) !== 'succeeded') continue;
    b.applied = true;
    const c = world.containers.get(b.teamId, b.containerId);
    if (!c) continue;
    const doneAt = b.createdAt + BUILD_PHASES.done;
    const tag = `build-${b.number}`;
    world.registry.push(b.teamId, b.namespace, c.slug, tag, doneAt, 20_000_000 + b.bytes);
    const image = `${SIM_REGISTRY}/${b.namespace}/${c.slug}`;
    if (imageRef(c.spec) === `${image}:${tag}`) continue;
    world.containers.change(c, { ...c.spec, deployment_type: 'zip_upload', image, image_tag: tag }, doneAt);
  }
}
