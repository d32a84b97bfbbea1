// VPS instances as a family of the generic commands (src/commands/resource).
import { VPS_KIND } from '../../client/families.js';
import type { FamilySpec } from '../resource/family.js';
import { field, idColumn } from '../resource/family.js';
import { vpsStatusView } from './status-view.js';

export const VPS: FamilySpec = {
  kind: VPS_KIND,
  command: 'vps',
  label: 'VPS instance',
  columns: [
    idColumn(),
    { header: 'NAME', value: (v) => v.name ?? '' },
    { header: 'STATUS', value: (v) => v.status_details?.summary ?? v.status ?? '' },
    { header: 'DATACENTER', value: (v) => field(v, 'datacenter') ?? '', fit: { priority: 2 } },
    { header: 'PROFILE', value: (v) => field(v, 'resource_profile') ?? '', fit: { priority: 1 } },
    { header: 'PUBLIC IP', value: (v) => field(v, 'public_ip') ?? '', fit: { priority: 3 } },
  ],
  details: (v, answer) => {
    const conn = (answer.connection_info ?? {}) as Record<string, unknown>;
    return [
      ['Legacy status', field(v, 'status_label') ?? v.status ?? undefined],
      ['Image', field(v, 'image')],
      ['Profile', field(v, 'resource_profile')],
      ['CPU', [field(v, 'cpu_cores'), field(v, 'cpu_allocation_type'), field(v, 'cpu_platform')].filter(Boolean).join(' ') || undefined],
      ['Memory', field(v, 'memory_size_gb') ? `${field(v, 'memory_size_gb')} GB` : undefined],
      ['Storage', field(v, 'storage_size_gb') ? `${field(v, 'storage_size_gb')} GB` : undefined],
      ['Datacenter', field(v, 'datacenter')],
      ['Network tier', field(v, 'network_tier')],
      ['Public IP', field(v, 'public_ip')],
      ['Private IP', field(conn, 'private_ip')],
      ['Internal DNS', field(conn, 'internal_fqdn')],
      ['Monthly cost', field(answer, 'monthly_cost') ? `$${field(answer, 'monthly_cost')}` : undefined],
    ];
  },
  example: { name: 'vps-01', id: '3ad00f8f-c59b-4a34-9f93-df5cc4cd6f97' },
  verbs: {
    list: { make: 'list', examples: ['infra vps list | cut -f2'] },
    get: { make: 'get' },
    start: { make: 'action', description: 'start a stopped VPS; --wait until it runs' },
    stop: { make: 'action', description: 'stop a running VPS; --wait until it is stopped' },
    reboot: { make: 'action', description: 'reboot a running VPS; --wait until it runs again' },
    password: { make: 'read', description: 'show the root password of a VPS created with one (masked unless --show-secrets)', sub: '/{id}/password', perResource: true, secrets: ['password'] },
    images: { make: 'read', description: 'the operating system images to create a VPS with', sub: '/images', perResource: false },
    plans: { make: 'read', description: 'the resource profiles (plans) of VPS instances', sub: '/plans', perResource: false },
    metrics: { make: 'read', description: 'CPU, memory, storage and network of a running VPS', sub: '/{id}/metrics', perResource: true },
    wait: { make: 'wait' },
    diagnose: { make: 'diagnose' },
    events: { make: 'events' },
    status: { make: 'read', description: 'show the legacy status of a VPS and what it allows now (start, stop, reboot, delete)', sub: '/{id}/status', perResource: true, view: vpsStatusView },
  },
};
