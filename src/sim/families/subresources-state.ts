// State of the sub-resources of existing products, kept apart from the families it extends:
// VPS volumes, database credential rotations and high availability, cache operator
// migrations, bucket policies and their folder grants. One instance per world (reset with it).
import { SECOND } from '../clock.js';
import type { FamilyRecord } from '../http/family.js';
import { uuidFrom } from '../state/ids.js';
import { lifecycle } from '../state/lifecycle.js';
import { TeamStore } from '../state/store.js';

export interface VolumeRecord extends FamilyRecord {
  id: string;
  vpsId: string;
  sizeGb: number;
  createdAt: number;
}

export interface RotationRecord {
  id: string;
  databaseId: string;
  role: 'application' | 'superuser';
  disconnectSessions: boolean;
  requestedAt: number;
  /** Sim times of the phases: pending until startAt, running until endAt, then done. */
  startAt: number;
  endAt: number;
  /** The password it sets, applied on the first read after endAt. */
  newPassword: string;
  applied: boolean;
}

export interface PolicyRecord {
  statements: Record<string, unknown>[];
  /** Sim time until which a policy change is still being applied (a grant answers 409 meanwhile). */
  busyUntil: number;
}

/** How long a rotation waits, then runs (sim time). */
export const ROTATION_PENDING_MS = 2 * SECOND;
export const ROTATION_RUNNING_MS = 18 * SECOND;
/** A policy change is applied for this long; a grant sent meanwhile answers 409 with Retry-After. */
export const POLICY_APPLY_MS = 5 * SECOND;

export const SEED_VOLUME = { id: uuidFrom('seed/volume/data-1'), name: 'data-1', sizeGb: 20 };

export class SubresourceState {
  volumes = new TeamStore<VolumeRecord>();
  rotations: RotationRecord[] = [];
  /** Databases with high availability on. */
  highAvailability = new Set<string>();
  /** Application users' passwords, by database id (the superuser's is the record's own). */
  appPasswords = new Map<string, string>();
  /** Caches whose move to the operator is in progress (start/stop/force-stop/delete refused). */
  migrating = new Set<string>();
  policies = new Map<string, PolicyRecord>();

  /** The seed: one 20 GB volume attached to vps-01 (`teamId`, `vpsId` from the world's seed). */
  seed(now: number, teamId: number, vpsId: string): void {
    this.volumes.add({
      id: SEED_VOLUME.id,
      teamId,
      vpsId,
      name: SEED_VOLUME.name,
      sizeGb: SEED_VOLUME.sizeGb,
      createdAt: now - 30 * 86_400_000,
      updatedAt: now - 30 * 86_400_000,
      life: lifecycle(now - 30 * 86_400_000, 'attached'),
    });
  }

  policyOf(bucketId: string): PolicyRecord {
    let p = this.policies.get(bucketId);
    if (!p) this.policies.set(bucketId, (p = { statements: [], busyUntil: 0 }));
    return p;
  }
}

declare module '../state/world.js' {
  interface World {
    /** VPS volumes, credential rotations, bucket policies. */
    extras: SubresourceState;
  }
}
