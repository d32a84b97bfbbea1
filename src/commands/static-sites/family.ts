// Static sites as a family of the generic commands (src/commands/resource); a site is also
// known by its slug. The per-family files hold deploy, deployments, activate and domains.
import type { FamilySpec } from '../resource/family.js';
import { field, idColumn } from '../resource/family.js';
import { humanSize } from '../../output/size.js';
import { TIMESTAMP_FIT } from '../../output/fit.js';

export const SITES: FamilySpec = {
  kind: { path: '/static-sites', noun: 'static site', ids: 'uuid', wrapper: 'data', permission: 'static-site', aliases: ['slug'] },
  command: 'static-sites',
  label: 'static site',
  web: (r) => field(r, 'url'),
  columns: [
    idColumn(),
    { header: 'NAME', value: (s) => s.name ?? '' },
    { header: 'STATUS', value: (s) => s.status_details?.summary ?? s.status ?? '' },
    { header: 'URL', value: (s) => field(s, 'url') ?? '', fit: { kind: 'text', min: 20, priority: 4 } },
    { header: 'PLAN', value: (s) => field(s, 'plan') ?? '', fit: { priority: 1 } },
    { header: 'DEPLOYMENTS', value: (s) => field(s, 'deployment_count') ?? '', fit: { priority: 2 } },
    { header: 'DEPLOYED', value: (s) => field(s, 'deployed_at') ?? '', fit: { ...TIMESTAMP_FIT, priority: 3 } },
  ],
  details: (s) => {
    const bytes = Number(field(s, 'storage_bytes_used'));
    const cents = Number(field(s, 'monthly_cost_cents'));
    return [
      ['Slug', field(s, 'slug')],
      ['Legacy status', field(s, 'status_label') ?? s.status ?? undefined],
      ['URL', field(s, 'url')],
      ['Plan', field(s, 'plan')],
      ['Deployments', field(s, 'deployment_count')],
      ['Deployed', field(s, 'deployed_at') ?? 'never'],
      ['Storage', Number.isFinite(bytes) && field(s, 'storage_bytes_used') !== undefined ? humanSize(bytes) : undefined],
      ['Monthly cost', Number.isFinite(cents) && field(s, 'monthly_cost_cents') !== undefined ? `$${(cents / 100).toFixed(2)}` : undefined],
      ['Last error', field(s, 'last_error')],
      ['Description', field(s, 'description')],
    ];
  },
  example: { name: 'docs', id: '0adcdc1e-24b6-492b-a7e5-bfa831f2ea77' },
  // Static sites have a diagnose but no events or logs (real-api).
  inspect: ['diagnose', 'deployments'],
  verbs: {
    list: { make: 'list', examples: ['infra static-sites list | cut -f2,4'] },
    get: { make: 'get' },
    delete: { make: 'delete' },
    wait: { make: 'wait' },
    diagnose: { make: 'diagnose' },
  },
};
