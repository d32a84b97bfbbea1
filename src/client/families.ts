// The list routes of the families whose client has a module of its own (the generic ones are
// the ResourceKind of their command's FamilySpec). Name resolution reads them, and so does
// shell completion, which must learn a route without loading the client: nothing but types
// is imported here.
import type { DatastoreKind } from './datastores.js';
import type { Family } from './resolve.js';
import type { ResourceKind } from './resources.js';

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

// The kinds of the generic families that commands of other families name too (a VPS is created
// with an SSH key; alert rules watch a VPS or a database): here, so no family reaches into another.
export const VPS_KIND: ResourceKind = { path: '/vps', noun: 'VPS', ids: 'uuid', wrapper: 'instance', permission: 'vps' };
export const SSH_KEY_KIND: ResourceKind = { path: '/ssh-keys', noun: 'SSH key', ids: 'integer', wrapper: 'key', permission: 'ssh-key' };

export function datastoreKind(kind: DatastoreKind): ResourceKind {
  return { path: `/${kind}`, noun: kind, ids: 'uuid', wrapper: 'instance', permission: kind };
}

// The kinds `export` and `apply` read and write beside their own families' commands.
export const QUEUE_KIND: ResourceKind = { path: '/queue', noun: 'queue', ids: 'uuid', wrapper: 'instance', permission: 'queue' };
export const FIREWALL_KIND: ResourceKind = { path: '/firewalls', noun: 'firewall', ids: 'uuid', wrapper: 'firewall', permission: 'firewall' };
