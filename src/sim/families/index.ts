// Every product family the simulator serves through the generic engine (handlers/family.ts).
// One line per family; each family's file holds its definition, seed and extras.
import type { RequestHandler } from 'msw';
import type { World } from '../state/world.js';
import { cacheHandlers } from './cache.js';
import { databaseHandlers } from './database.js';
import { vpsHandlers } from './vps.js';
import { queueHandlers } from './queue.js';
import { parameterGroupHandlers } from './parameter-groups.js';
import { bucketHandlers } from './storage-buckets.js';
import { accessKeyHandlers } from './storage-keys.js';
import { firewallHandlers } from './firewalls.js';
import { sshKeyHandlers } from './ssh-keys.js';
import { staticSiteHandlers } from './static-sites.js';
import { webhookHandlers } from './webhooks.js';
import { monitoringHandlers } from './monitoring.js';
import { productExtrasHandlers } from './product-extras.js';

export function familyRoutes(world: World): RequestHandler[] {
  return [
    // issue 21: before the families, whose routes some of them guard
    ...productExtrasHandlers(world),
    ...vpsHandlers(world),
    ...databaseHandlers(world),
    ...cacheHandlers(world),
    // issue 14: one line per family below
    ...queueHandlers(world),
    ...parameterGroupHandlers(world),
    ...bucketHandlers(world),
    ...accessKeyHandlers(world),
    ...firewallHandlers(world),
    ...sshKeyHandlers(world),
    ...staticSiteHandlers(world),
    ...webhookHandlers(world),
    ...monitoringHandlers(world),
  ];
}
