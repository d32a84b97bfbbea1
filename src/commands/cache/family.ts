// Caches (Redis, Valkey, Dragonfly) as a family of the generic commands (src/commands/resource):
// their spec is the one every datastore shares (resource/datastore-family.ts).
import { datastoreSpec } from '../resource/datastore-family.js';

export const CACHE = datastoreSpec('cache');
