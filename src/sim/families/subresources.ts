// The sub-resources of existing products, registered before the families: VPS volumes,
// database rotations / HA / load / queries / force-stop, cache force-stop, bucket policies
// and metrics, serverless usage and metrics.
import type { RequestHandler } from 'msw';
import type { SimModule, World } from '../state/world.js';
import { SubresourceState } from './subresources-state.js';
import { MAIN_TEAM } from '../state/auth.js';
import { SEED_IDS } from '../state/seed.js';
import { volumeHandlers } from './volumes.js';
import { datastoreMaintenanceHandlers } from './datastore-maintenance.js';
import { bucketPolicyMetricsHandlers } from './bucket-policy-metrics.js';
import { serverlessUsageHandlers } from './serverless-usage.js';

export function subresourceHandlers(world: World): RequestHandler[] {
  return [...volumeHandlers(world), ...datastoreMaintenanceHandlers(world), ...bucketPolicyMetricsHandlers(world), ...serverlessUsageHandlers(world)];
}

/** Volumes, credential rotations, bucket policies and metrics, serverless usage: a module of the world. */
export const subresourcesModule: SimModule = {
  name: 'product-extras',
  stores: { extras: () => new SubresourceState() },
  seed: (w, now) => w.extras.seed(now, MAIN_TEAM, SEED_IDS.vps[0]!),
  routes: subresourceHandlers,
};
