// Every product family the simulator serves through the generic engine (handlers/family.ts).
// One line per family; each family's file holds its definition, seed and extras.
import type { RequestHandler } from 'msw';
import type { World } from '../state/world.js';
import { cacheHandlers } from './cache.js';
import { databaseHandlers } from './database.js';
import { vpsHandlers } from './vps.js';

export function familyRoutes(world: World): RequestHandler[] {
  return [
    ...vpsHandlers(world),
    ...databaseHandlers(world),
    ...cacheHandlers(world),
    // issue 14: one line per family below
  ];
}
