// Caches (real-api CacheInstanceResource and the /cache operations): Redis, Valkey and
// Dragonfly as a family of the generic engine (http/family.ts), plus plans, connection
// info (and its alias /credentials), public DNS and metrics (families/datastore.ts).
import { SECOND } from '../clock.js';
import { familyHandlers, type FamilyDef } from '../http/family.js';
import type { DatastoreRecord } from '../state/datastores.js';
import { applyUpdate, buildDatastore, datastoreRoutes, datastoreShow, datastoreView } from './datastore.js';
import type { SimModule, World } from '../state/world.js';

export const cacheFamily: FamilyDef<DatastoreRecord> = {
  path: 'cache',
  model: 'CacheInstance',
  permission: 'cache',
  wrapper: 'instance',
  family: 'cache',
  store: (w) => w.caches,
  view: datastoreView,
  show: datastoreShow,
  create: {
    message: 'Cache instance created successfully',
    op: { during: 'provisioning', after: 'running', ms: 45 * SECOND },
    build: (body, ctx) => buildDatastore('cache', body, ctx),
  },
  update: {
    message: 'Cache instance update initiated',
    op: { during: 'updating', after: 'running', ms: 30 * SECOND },
    apply: (d, body, ctx) => applyUpdate('cache', d, body, ctx),
  },
  destroy: { message: 'Cache instance deletion initiated', refusal: 'Cache instance cannot be destroyed in its current state', op: { during: 'destroying', after: 'gone', ms: 20 * SECOND } },
  actions: {
    start: {
      from: ['stopped'],
      op: { during: 'starting', after: 'running', ms: 15 * SECOND },
      message: 'Cache instance start initiated',
      refusal: 'Cache instance cannot be started in its current state',
    },
    stop: {
      from: ['running'],
      op: { during: 'stopping', after: 'stopped', ms: 10 * SECOND },
      message: 'Cache instance stop initiated',
      refusal: 'Cache instance cannot be stopped in its current state',
    },
  },
  diagnostics: { diagnose: true, events: true, logs: true },
};

/** Every /cache route: the extras first (so /cache/plans is not taken for an id). */
export function cacheHandlers(world: World) {
  return [...datastoreRoutes(world, 'cache'), ...familyHandlers(world, cacheFamily)];
}

/** Caches live in the world's core store (recovery restores them); the family adds the routes. */
export const cacheModule: SimModule = { name: 'cache', routes: cacheHandlers };
