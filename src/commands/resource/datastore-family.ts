// Databases and caches as families of the generic commands (src/commands/resource): get,
// delete, start, stop, wait, diagnose, events, logs and reads come from these specs. Their
// list, credentials and DNS commands are their own (datastore.ts).
import type { DatastoreKind } from '../../client/datastores.js';
import { datastoreKind } from '../../client/families.js';
import { Datastore } from '../../client/schemas.js';
import { maskUrlPassword } from '../../output/mask.js';
import type { FamilySpec, Item } from './family.js';
import { field, idColumn } from './family.js';
import { currentPair, dnsEnabled, privatePair, publicPair } from './connection.js';
import { engineName } from './datastore.js';

// Seeded in `infra sim`, so the examples run there as written.
const EXAMPLE = {
  database: { name: 'orders-pg', id: '5ac9f32f-5002-4d08-87c4-b9e6716d0bf9' },
  cache: { name: 'sessions-redis', id: '1d6e54d7-5670-462c-8b3a-9e1784ba21b4' },
} as const;

/** The resource read as the list and credentials read it (lenient, typed): engine and connection planes. */
function asDatastore(r: Item): Datastore | undefined {
  const parsed = Datastore.safeParse(r);
  return parsed.success ? parsed.data : undefined;
}

function details(kind: DatastoreKind) {
  return (r: Item, answer: Record<string, unknown>): [string, string | undefined][] => {
    const d = asDatastore(r);
    const url = typeof answer.connection_info === 'string' ? maskUrlPassword(answer.connection_info) : undefined;
    return [
      ['Legacy status', field(r, 'status_label') ?? r.status ?? undefined],
      ['Engine', [d ? engineName(d) : '', field(r, 'version') ?? ''].join(' ').trim() || undefined],
      ['Profile', field(r, 'resource_profile')],
      ['CPU', field(r, 'cpu_cores') ? `${field(r, 'cpu_cores')} vCPU` : undefined],
      ['Memory', field(r, 'memory_size_mb') ? `${field(r, 'memory_size_mb')} MB` : undefined],
      ...(kind === 'database'
        ? ([
            ['Storage', field(r, 'storage_size_gb') ? `${field(r, 'storage_size_gb')} GB` : undefined],
            ['Database', field(r, 'database_name') ?? '(the bootstrap database)'],
          ] as [string, string | undefined][])
        : []),
      ['Datacenter', field(r, 'datacenter')],
      ['Network tier', field(r, 'network_tier')],
      ['Connect to', (d && currentPair(d)) ?? field(r, 'endpoint')],
      ['Private endpoint', d ? privatePair(d) : undefined],
      ['Public endpoint', d && dnsEnabled(d) ? publicPair(d) : 'none (public DNS is off)'],
      ['URL', url],
      ['Monthly cost', field(answer, 'monthly_cost') ? `$${field(answer, 'monthly_cost')}` : undefined],
    ];
  };
}

export function datastoreSpec(kind: DatastoreKind): FamilySpec {
  return {
    kind: datastoreKind(kind),
    command: kind,
    label: `${kind} instance`,
    // The columns of `list` (shared.ts), for any generic view of the family.
    columns: [
      idColumn(),
      { header: 'NAME', value: (d) => d.name ?? '' },
      { header: 'ENGINE', value: (d) => engineName(asDatastore(d) ?? { id: d.id }) },
      { header: 'VERSION', value: (d) => field(d, 'version') ?? '', fit: { priority: 2 } },
      { header: 'STATUS', value: (d) => d.status_details?.summary ?? d.status ?? '' },
      { header: 'ENDPOINT', value: (d) => currentPair(asDatastore(d) ?? {}) ?? field(d, 'endpoint') ?? '', fit: { kind: 'text', min: 20, priority: 3 } },
      { header: 'DNS', value: (d) => (dnsEnabled(asDatastore(d) ?? {}) ? 'on' : 'off'), fit: { priority: 1 } },
    ],
    details: details(kind),
    example: EXAMPLE[kind],
  };
}
