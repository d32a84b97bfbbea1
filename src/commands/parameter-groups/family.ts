// Parameter groups as a family of the generic commands (src/commands/resource): integer ids,
// the wrapper `parameter_group`, no status model (every write takes effect at once, so no
// command here waits).
import type { FamilySpec, Item } from '../resource/family.js';
import { field } from '../resource/family.js';

const yesNo = (g: Item, key: string) => ({ true: 'yes', false: 'no' })[field(g, key) ?? ''] ?? '';

/** `parameters` as a map (an empty one arrives as `[]`). */
export function parametersOf(g: Record<string, unknown>): Record<string, unknown> {
  const p = g.parameters;
  return p && typeof p === 'object' && !Array.isArray(p) ? (p as Record<string, unknown>) : {};
}

function lockedOf(g: Record<string, unknown>): string[] {
  return Array.isArray(g.locked_parameters) ? g.locked_parameters.filter((k): k is string => typeof k === 'string') : [];
}

const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

export const PARAMETER_GROUPS: FamilySpec = {
  kind: { path: '/parameter-groups', noun: 'parameter group', ids: 'integer', wrapper: 'parameter_group', permission: 'parameter-group' },
  command: 'parameter-groups',
  label: 'parameter group',
  columns: [
    { header: 'ID', value: (g) => g.id },
    { header: 'NAME', value: (g) => g.name ?? '' },
    { header: 'TYPE', value: (g) => field(g, 'type') ?? '' },
    { header: 'PROVIDER', value: (g) => field(g, 'provider_type') ?? '', fit: { priority: 3 } },
    { header: 'FAMILY', value: (g) => field(g, 'family') ?? '' },
    { header: 'SYSTEM', value: (g) => yesNo(g, 'is_system'), fit: { priority: 1 } },
    { header: 'DEFAULT', value: (g) => yesNo(g, 'is_default'), fit: { priority: 2 } },
    { header: 'PARAMETERS', value: (g) => String(Object.keys(parametersOf(g)).length), fit: { priority: 4 } },
  ],
  details: (g) => {
    const params = Object.entries(parametersOf(g));
    const locked = lockedOf(g);
    return [
      ['Type', field(g, 'type')],
      ['Provider', field(g, 'provider_type')],
      ['Family', field(g, 'family')],
      ['Description', field(g, 'description')],
      ['System', yesNo(g, 'is_system') || undefined],
      ['Default', yesNo(g, 'is_default') || undefined],
      ['Active', yesNo(g, 'is_active') || undefined],
      ['Team', g.is_system === true ? '(platform: every team sees it)' : field(g, 'team_id')],
      ['Locked', locked.length ? locked.join(', ') : 'none'],
      ['Parameters', params.length ? String(params.length) : '(none)'],
      ...params.map(([k, v]): [string, string] => [`  ${k}`, `${show(v)}${locked.includes(k) ? ' (locked)' : ''}`]),
    ];
  },
  example: { name: 'orders-pg-tuned', id: '5' },
  verbs: {
    list: { make: 'list', examples: ['infra parameter-groups list --json | jq -r \'.[] | select(.type == "queue") | .name\''] },
    get: { make: 'get' },
  },
};

/** The seeded system group (clone it to change its settings). */
export const SYSTEM_EXAMPLE = { name: 'postgresql16-default', id: '1' };
