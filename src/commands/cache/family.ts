// Caches (Redis, Valkey, Dragonfly) as a family of the generic commands (src/commands/resource):
// their spec is the one every datastore shares (resource/datastore-family.ts).
import type { FamilySpec } from '../resource/family.js';
import { datastoreSpec } from '../resource/datastore-family.js';

export const CACHE: FamilySpec = {
  ...datastoreSpec('cache'),
  verbs: {
    list: { make: 'datastore list', store: 'cache' },
    get: { make: 'get' },
    delete: { make: 'delete' },
    start: {
      make: 'action',
      description: 'start a stopped cache; --wait until it runs',
      examples: [
        'infra cache stop sessions-redis --wait && infra cache start sessions-redis --wait',
        'infra cache stop sessions-redis --wait && infra cache start 1d6e54d7-5670-462c-8b3a-9e1784ba21b4 --json',
      ],
    },
    stop: { make: 'action', description: 'stop a running cache (connections are refused until it starts); --wait until it is stopped' },
    'force-stop': { make: 'force-stop' },
    'connection-info': { make: 'datastore credentials', store: 'cache' },
    connect: { make: 'datastore connect', store: 'cache' },
    'dns enable': { make: 'datastore dns', store: 'cache', enable: true },
    'dns disable': { make: 'datastore dns', store: 'cache', enable: false },
    metrics: { make: 'read', description: 'memory, clients, commands and hit ratio of a cache (zeros while it is not running)', sub: '/{id}/metrics', perResource: true },
    wait: { make: 'wait' },
    diagnose: { make: 'diagnose' },
    logs: { make: 'logs' },
    events: { make: 'events' },
  },
};
