// Managed RabbitMQ queues as a family of the generic commands (src/commands/resource). The
// show answer carries status_details beside the instance; the client folds them in
// (client/resources.ts), so list, get, wait and --wait work as for every product.
import type { FamilySpec } from '../resource/family.js';
import { field, idColumn } from '../resource/family.js';
import { maskUrlPassword } from '../../output/mask.js';

/** The seeded stopped queue: a running one cannot be deleted, so delete's examples use this one. */
export const STOPPED_EXAMPLE = { name: 'archive-rabbit', id: '046eb24b-cdef-4b94-baa8-0920fe086288' };

export const QUEUE: FamilySpec = {
  kind: { path: '/queue', noun: 'queue', ids: 'uuid', wrapper: 'instance', permission: 'queue' },
  command: 'queue',
  label: 'queue instance',
  columns: [
    idColumn(),
    { header: 'NAME', value: (q) => q.name ?? '' },
    // The list items carry no status_details (only the show answer has them): the legacy status is all there is.
    { header: 'STATUS', value: (q) => q.status_details?.summary ?? q.status ?? '' },
    { header: 'VERSION', value: (q) => field(q, 'version') ?? '', fit: { priority: 3 } },
    { header: 'PROFILE', value: (q) => field(q, 'resource_profile') ?? '', fit: { priority: 1 } },
    { header: 'DATACENTER', value: (q) => field(q, 'datacenter') ?? '', fit: { priority: 2 } },
  ],
  details: (q, answer) => {
    const memory = field(q, 'memory_size_mb');
    const storage = field(q, 'storage_size_gb');
    const url = field(answer, 'connection_info');
    return [
      ['Legacy status', q.status ?? undefined],
      ['RabbitMQ', field(q, 'version')],
      ['Profile', field(q, 'resource_profile')],
      ['CPU', field(q, 'cpu_cores')],
      ['Memory', memory ? `${memory} MB` : undefined],
      ['Storage', storage ? `${storage} GB` : undefined],
      ['Datacenter', field(q, 'datacenter')],
      ['Host', field(q, 'host')],
      ['AMQPS port', field(q, 'amqps_port')],
      ['Private IP', field(q, 'private_ip')],
      // The show answer's URL has no password; masked all the same, should a server add one.
      ['Connection', url ? maskUrlPassword(url) : undefined],
      ['Management UI', field(answer, 'management_url')],
      ['Parameter group', field(q, 'parameter_group_id')],
      ['Automated snapshots', { true: 'on', false: 'off' }[field(q, 'automated_snapshots_enabled') ?? ''] ?? undefined],
      ['Monthly cost', field(answer, 'monthly_cost') ? `$${field(answer, 'monthly_cost')}` : undefined],
    ];
  },
  example: { name: 'events-rabbit', id: 'ffdd4ee8-e6a4-4c23-8794-bf99f4242fe2' },
  verbs: {
    list: { make: 'list', examples: ['infra queue list --json | jq -r \'.[] | select(.status == "running") | .name\''] },
    get: { make: 'get' },
    // The API refuses to delete a running queue ("stop the instance first"): the examples name a stopped one.
    delete: { make: 'delete', example: STOPPED_EXAMPLE },
    start: {
      make: 'action',
      description: 'start a stopped queue instance; --wait until it runs',
      examples: [`infra queue start ${STOPPED_EXAMPLE.name}`, `infra queue start ${STOPPED_EXAMPLE.name} --wait --timeout 5m`],
    },
    stop: { make: 'action', description: 'stop a running queue instance (clients are disconnected); --wait until it is stopped' },
    metrics: { make: 'read', description: 'connections, channels, queues, memory and the health of the broker', sub: '/{id}/metrics', perResource: true },
    wait: { make: 'wait' },
    diagnose: { make: 'diagnose' },
    logs: { make: 'logs' },
    events: { make: 'events' },
  },
};
