// One-click apps (WordPress, n8n, Ghost) as a family of the generic commands: list, get,
// delete, restart, wait, diagnose, events and logs come from this spec; create, update,
// catalog, credentials and metrics are their own files.
import { APP_KIND } from '../../client/monitoring.js';
import type { FamilySpec } from '../resource/family.js';
import { field, idColumn } from '../resource/family.js';

export const APPS: FamilySpec = {
  kind: APP_KIND,
  command: 'apps',
  label: 'app',
  web: (r) => field(r, 'url'),
  columns: [
    idColumn(),
    { header: 'NAME', value: (a) => a.name ?? '' },
    { header: 'TYPE', value: (a) => field(a, 'app_type') ?? '' },
    { header: 'VERSION', value: (a) => field(a, 'version') ?? '', fit: { priority: 2 } },
    // The status model first; the legacy status only where a server sends nothing else.
    {
      header: 'STATUS',
      value: (a) =>
        a.status_details
          ? `${a.status_details.summary ?? 'unknown'}${a.status_details.operation && !a.status_details.operation.terminal ? ` (${a.status ?? a.status_details.operation.state ?? 'in flight'})` : ''}`
          : (a.status ?? ''),
    },
    { header: 'PROFILE', value: (a) => field(a, 'resource_profile') ?? '', fit: { priority: 1 } },
    { header: 'URL', value: (a) => field(a, 'url') ?? '', fit: { kind: 'text', min: 16, priority: 3 } },
  ],
  details: (a) => [
    ['Legacy status', a.status ?? undefined],
    ['Type', [field(a, 'app_type'), field(a, 'version')].filter(Boolean).join(' ') || undefined],
    ['Profile', field(a, 'resource_profile')],
    ['Datacenter', field(a, 'datacenter')],
    ['URL', field(a, 'url')],
    ['Admin user', field(a, 'admin_user')],
    ['Monthly cost', field(a, 'monthly_cost_dollars') ? `$${field(a, 'monthly_cost_dollars')}` : undefined],
    ['Snapshots', a.automated_snapshots_enabled === undefined ? undefined : a.automated_snapshots_enabled ? 'automated' : 'off'],
    ['Deployed', field(a, 'deployed_at')],
  ],
  example: { name: 'shop-wp', id: '15f71ff3-2ad2-4a44-9f02-08aa2a2462eb' },
  verbs: {
    list: { make: 'list' },
    get: { make: 'get' },
    delete: { make: 'delete' },
    restart: {
      make: 'action',
      description: 'restart an app (its data stays); --wait until it runs again',
      examples: ['infra apps restart shop-wp', 'infra apps restart shop-wp --wait --timeout 5m', 'infra apps restart 15f71ff3-2ad2-4a44-9f02-08aa2a2462eb --wait --json'],
    },
    credentials: {
      make: 'read',
      description: "the app's admin login: user, password (masked unless --show-secrets) and sign-in URL",
      sub: '/{id}/credentials',
      perResource: true,
      secrets: ['admin_password'],
      examples: ['infra apps credentials shop-wp', 'infra apps credentials shop-wp --show-secrets', 'infra apps credentials shop-wp --json | jq -r .data.admin_password'],
    },
    diagnose: { make: 'diagnose' },
    logs: { make: 'logs' },
    events: { make: 'events' },
    wait: { make: 'wait' },
  },
};
