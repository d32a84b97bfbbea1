// Databases (real-api DatabaseInstanceResource and the /database operations): a family of the
// generic engine (http/family.ts), plus plans, credentials, public DNS, metrics
// (families/datastore.ts) and read replicas (families/database-replicas.ts).
import { SECOND } from '../clock.js';
import { familyHandlers, type FamilyDef } from '../http/family.js';
import type { DatastoreRecord } from '../state/datastores.js';
import { replicaRoutes } from './database-replicas.js';
import { applyUpdate, buildDatastore, datastoreRoutes, datastoreShow, datastoreView } from './datastore.js';
import type { SimModule, World } from '../state/world.js';

export const databaseFamily: FamilyDef<DatastoreRecord> = {
  path: 'database',
  model: 'DatabaseInstance',
  permission: 'database',
  wrapper: 'instance',
  family: 'database',
  store: (w) => w.databases,
  view: datastoreView,
  show: datastoreShow,
  create: {
    message: 'Database instance created successfully',
    op: { during: 'provisioning', after: 'running', ms: 90 * SECOND },
    build: (body, ctx) => buildDatastore('database', body, ctx),
  },
  update: {
    message: 'Database instance update initiated',
    op: { during: 'updating', after: 'running', ms: 60 * SECOND },
    apply: (d, body, ctx) => applyUpdate('database', d, body, ctx),
  },
  destroy: { message: 'Database instance deletion initiated', refusal: 'Database instance cannot be destroyed in its current state', op: { during: 'destroying', after: 'gone', ms: 30 * SECOND } },
  actions: {
    start: {
      from: ['stopped'],
      op: { during: 'starting', after: 'running', ms: 20 * SECOND },
      message: 'Database instance start initiated',
      refusal: 'Database instance cannot be started in its current state',
    },
    stop: {
      from: ['running'],
      op: { during: 'stopping', after: 'stopped', ms: 15 * SECOND },
      message: 'Database instance stop initiated',
      refusal: 'Database instance cannot be stopped in its current state',
    },
  },
  diagnostics: { diagnose: true, events: true, logs: true },
};

/** Every /database route: the extras first (so /database/plans is not taken for an id). */
export function databaseHandlers(world: World) {
  return [...datastoreRoutes(world, 'database'), ...replicaRoutes(world), ...familyHandlers(world, databaseFamily)];
}

/** Databases live in the world's core store (recovery restores them); the family adds the routes. */
export const databaseModule: SimModule = { name: 'database', routes: databaseHandlers };
