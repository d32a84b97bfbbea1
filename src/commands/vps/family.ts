// VPS instances as a family of the generic commands (src/commands/resource).
import { VPS_KIND } from '../../client/families.js';
import type { FamilySpec } from '../resource/family.js';
import { field, idColumn } from '../resource/family.js';

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
};
