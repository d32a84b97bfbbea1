// Every product family the simulator serves through the generic engine (handlers/family.ts).
// One line per family; each family's file holds its definition, seed and extras.
import type { RequestHandler } from 'msw';
import type { World } from '../state/world.js';
import { vpsHandlers } from './vps.js';
import { staticSiteHandlers } from './static-sites.js';
import { webhookHandlers } from './webhooks.js';

export function familyRoutes(world: World): RequestHandler[] {
  return [
    ...vpsHandlers(world),
    // issue 14: one line per family below
    ...staticSiteHandlers(world),
    ...webhookHandlers(world),
  ];
}
