// Firewalls as a family of the generic commands. They carry no status_details, only their own
// status: draft (never deployed), applying, active, error. For waiting, that status is read
// as the shared status model (applying = in flight; active = done; error = failed; draft =
// settled, not deployed), observed when the firewall was last saved (`updated_at`, which
// moves with every status change).
import type { Resource } from '../../client/resources.js';
import type { FamilySpec, Item } from '../resource/family.js';
import { field, idColumn } from '../resource/family.js';
import { describeRule, type Rule } from './rules.js';
import { withLegacyStatus } from '../resource/legacy-status.js';

const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';

export function rulesOf(f: Record<string, unknown>): Rule[] | undefined {
  return Array.isArray(f.rules) ? (f.rules as Rule[]).filter((r) => r && typeof r === 'object') : undefined;
}

function statusOf(r: Resource): Resource {
  const s = r.status ?? 'unknown';
  return withLegacyStatus(r, s, s === 'applying' ? 'in_progress' : s === 'error' ? 'failed' : s === 'active' ? 'ready' : undefined, r.updated_at);
}

export const FIREWALLS: FamilySpec = {
  kind: { path: '/firewalls', noun: 'firewall', ids: 'uuid', wrapper: 'firewall', permission: 'firewall' },
  command: 'firewalls',
  label: 'firewall',
  columns: [
    idColumn(),
    { header: 'NAME', value: (f) => f.name ?? '' },
    { header: 'STATUS', value: (f) => f.status ?? '' },
    { header: 'DEFAULT', value: (f) => (truthy(f.is_default) ? 'yes' : 'no'), fit: { priority: 2 } },
    { header: 'RULES', value: (f) => String(rulesOf(f)?.length ?? '') },
    { header: 'DEFAULT ACTION', value: (f) => field(f, 'default_action') ?? '', fit: { priority: 1 } },
  ],
  details: (f: Item) => {
    const rules = rulesOf(f);
    return [
      ['Description', field(f, 'description')],
      ['Default', truthy(f.is_default) ? 'yes (cannot be deleted)' : 'no'],
      ['Default action', field(f, 'default_action')],
      ...(rules?.length
        ? [...rules].sort((a, b) => Number(a.order ?? 0) - Number(b.order ?? 0)).map((r, i): [string, string] => [`Rule ${i + 1}`, describeRule(r)])
        : ([['Rules', rules ? 'none' : undefined]] as [string, string | undefined][])),
      ['Updated', field(f, 'updated_at')],
    ];
  },
  example: { name: 'web-ingress', id: '45468aae-62cf-4a76-8619-6c915a789b83' },
  statusOf,
  inspect: ['get'],
  verbs: {
    list: { make: 'list' },
    get: { make: 'get' },
    delete: { make: 'delete' },
    deploy: { make: 'action', description: "apply the firewall's rules to its instances (a draft goes live); --wait until active" },
    wait: { make: 'wait' },
  },
};
