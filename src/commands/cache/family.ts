// Caches (Redis, Valkey, Dragonfly) as a family of the generic commands (src/commands/resource).
import { datastoreSpec } from '../database/family.js';

export const CACHE = datastoreSpec('cache');
