// The list routes of the families whose client has a module of its own (the generic ones are
// the ResourceKind of their command's FamilySpec). Name resolution reads them, and so does
// shell completion, which must learn a route without loading the client: nothing but types
// is imported here.
import type { DatastoreKind } from './datastores.js';
import type { Family } from './resolve.js';

export const CONTAINERS: Family = { path: '/serverless', noun: 'container', permission: 'serverless:read', aliases: ['slug'], ids: 'uuid' };

export function datastoreFamily(kind: DatastoreKind): Family {
  return { path: `/${kind}`, noun: kind, permission: `${kind}:read`, ids: 'uuid' };
}

/** The runs and the schedules of the container named by the `<id>` argument before. */
export const CONTAINER_RUNS = { path: '/serverless/{id}/runs' } as const;
export const CONTAINER_SCHEDULES = { path: '/serverless/{id}/schedules' } as const;

/** The volumes of the VPS named by the `<vps>` argument before (volumeKind's path). */
export const VPS_VOLUMES = { path: '/vps/{vps}/volumes' } as const;

/** The recovery points of a product (`{product}`: vps, cache or database), listed per product. */
export const RECOVERY_POINTS = { path: '/snapshots/{product}' } as const;
