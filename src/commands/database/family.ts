// Databases as a family of the generic commands (src/commands/resource): their spec is the
// one every datastore shares (resource/datastore-family.ts).
import type { FamilySpec } from '../resource/family.js';
import { datastoreSpec } from '../resource/datastore-family.js';

export const DATABASE: FamilySpec = {
  ...datastoreSpec('database'),
  verbs: {
    list: { make: 'datastore list', store: 'database' },
    get: { make: 'get' },
    delete: { make: 'delete' },
    start: {
      make: 'action',
      description: 'start a stopped database; --wait until it runs',
      examples: [
        'infra database stop orders-pg --wait && infra database start orders-pg --wait',
        'infra database stop orders-pg --wait && infra database start 5ac9f32f-5002-4d08-87c4-b9e6716d0bf9 --json',
      ],
    },
    stop: { make: 'action', description: 'stop a running database (connections are refused until it starts); --wait until it is stopped' },
    credentials: { make: 'datastore credentials', store: 'database' },
    connect: { make: 'datastore connect', store: 'database' },
    'force-stop': { make: 'force-stop' },
    'dns enable': { make: 'datastore dns', store: 'database', enable: true },
    'dns disable': { make: 'datastore dns', store: 'database', enable: false },
    plans: { make: 'read', description: "the resource profiles (plans) of databases, for 'database create --profile'", sub: '/plans', perResource: false },
    metrics: { make: 'read', description: 'memory, connections and queries of a database (zeros and "unknown" while it is not running)', sub: '/{id}/metrics', perResource: true },
    wait: { make: 'wait' },
    diagnose: { make: 'diagnose' },
    logs: { make: 'logs' },
    events: { make: 'events' },
  },
};
