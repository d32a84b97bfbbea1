// What existing products gained (issue 21), registered before the families: VPS volumes,
// database rotations / HA / load / queries / force-stop, cache force-stop, bucket policies
// and metrics, serverless usage and metrics, and the token's user (GET /api/user).
import type { RequestHandler } from 'msw';
import type { World } from '../state/world.js';
import { volumeHandlers } from './volumes.js';
import { databaseExtrasHandlers } from './database-extras.js';
import { bucketExtrasHandlers } from './bucket-extras.js';
import { serverlessUsageHandlers } from './serverless-usage.js';

export function productExtrasHandlers(world: World): RequestHandler[] {
  return [...volumeHandlers(world), ...databaseExtrasHandlers(world), ...bucketExtrasHandlers(world), ...serverlessUsageHandlers(world)];
}
