// What existing products gained after they were first built, registered before the families: VPS volumes,
// database rotations / HA / load / queries / force-stop, cache force-stop, bucket policies
// and metrics, serverless usage and metrics.
import type { RequestHandler } from 'msw';
import type { SimModule, World } from '../state/world.js';
import { ProductExtras } from './product-extras-state.js';
import { MAIN_TEAM } from '../state/auth.js';
import { SEED_IDS } from '../state/seed.js';
import { volumeHandlers } from './volumes.js';
import { databaseExtrasHandlers } from './database-extras.js';
import { bucketExtrasHandlers } from './bucket-extras.js';
import { serverlessUsageHandlers } from './serverless-usage.js';

export function productExtrasHandlers(world: World): RequestHandler[] {
  return [...volumeHandlers(world), ...databaseExtrasHandlers(world), ...bucketExtrasHandlers(world), ...serverlessUsageHandlers(world)];
}

/** Volumes, credential rotations, bucket policies and metrics, serverless usage: a module of the world. */
export const productExtrasModule: SimModule = {
  name: 'product-extras',
  stores: { extras: () => new ProductExtras() },
  seed: (w, now) => w.extras.seed(now, MAIN_TEAM, SEED_IDS.vps[0]!),
  routes: productExtrasHandlers,
};
