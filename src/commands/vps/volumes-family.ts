// The volumes of a VPS as a family of the generic commands: the columns and details every
// volume command shows, the VPS a command names, and the wait subject (a volume's wait is
// resumed with `infra vps volumes wait <vps> <volume>`, since its id alone is not a path).
import type { App } from '../../cli/app.js';
import type { Client } from '../../client/index.js';
import type { Resource } from '../../client/resources.js';
import { volumeKind } from '../../client/volumes.js';
import type { OperationSubject } from '../kit/wait/operation-words.js';
import { field, type FamilySpec, type Item, idColumn } from '../resource/family.js';
import { subjectOf } from '../kit/wait/operation.js';
import { VPS } from './family.js';

/** Seeded in `infra sim` (attached to vps-01), so the examples run there as written. */
export const VOLUME_EXAMPLE = { vps: 'vps-01', name: 'data-1', id: 'c18d9645-b160-4212-8430-0ac452c6b517' };

const size = (v: Item) => (field(v, 'size_gb') ? `${field(v, 'size_gb')} GB` : '');
/** The VPS a volume is attached to: its name where the answer nests it, else its id. */
export const attachedTo = (v: Item) => {
  const vps = v.vps_instance as Record<string, unknown> | undefined;
  return (vps && typeof vps === 'object' ? field(vps, 'name') : undefined) ?? field(v, 'vps_instance_id') ?? '';
};

export const VOLUME_COLUMNS: FamilySpec['columns'] = [
  idColumn(),
  { header: 'NAME', value: (v) => v.name ?? '' },
  { header: 'SIZE', value: size },
  { header: 'STATUS', value: (v) => v.status_details?.summary ?? v.status ?? '' },
];

export function volumeSpec(vpsId: string): FamilySpec {
  return {
    kind: volumeKind(vpsId),
    command: 'vps volumes',
    label: 'volume',
    columns: VOLUME_COLUMNS,
    details: (v) => [
      ['Legacy status', v.status ?? undefined],
      ['Size', size(v) || undefined],
      ['VPS', attachedTo(v) || undefined],
      ['Disk', field(v, 'disk_name')],
      ['Can be resized', field(v, 'can_be_resized')],
      ['Can be detached', field(v, 'can_be_detached')],
      ['Failure', field(v, 'failure_reason')],
      ['Monthly cost', field(v, 'monthly_cost_cents') ? `$${(Number(field(v, 'monthly_cost_cents')) / 100).toFixed(2)}` : undefined],
    ],
    example: { name: VOLUME_EXAMPLE.name, id: VOLUME_EXAMPLE.id },
  };
}

export const VPS_ARG = 'VPS instance id or name';

/** The VPS a command names, and its volumes as a family. */
export async function vpsVolumes(app: App, vpsRef: string): Promise<{ client: Client; vpsId: string; spec: FamilySpec }> {
  const client = await app.client();
  const vpsId = (await client.resources.resolve(VPS.kind, vpsRef, { signal: app.ctx.signal })).id;
  return { client, vpsId, spec: volumeSpec(vpsId) };
}

/** The wait on a volume's `verb`, resumed and inspected with the VPS named. */
export function volumeSubject(spec: FamilySpec, vpsId: string, verb: string, id: string, name: string, before: Resource | null): OperationSubject {
  return {
    ...subjectOf(spec, verb, id, name, before),
    resumeCommand: `infra vps volumes wait ${vpsId} ${id}`,
    look: `'infra vps volumes get ${vpsId} ${id}' shows its status and failure reason`,
  };
}
