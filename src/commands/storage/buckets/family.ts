// Object storage buckets as a family of the generic commands (src/commands/resource).
import type { FamilySpec } from '../../resource/family.js';
import { field, idColumn } from '../../resource/family.js';

const onOff = (v: unknown) => (v === undefined || v === null ? undefined : v === true || v === 'true' || v === 1 || v === '1' ? 'on' : 'off');

export const BUCKETS: FamilySpec = {
  kind: { path: '/storage/buckets', noun: 'bucket', ids: 'uuid', wrapper: 'bucket', permission: 'storage' },
  command: 'storage buckets',
  label: 'bucket',
  columns: [
    idColumn(),
    { header: 'NAME', value: (b) => b.name ?? '' },
    { header: 'STATUS', value: (b) => b.status_details?.summary ?? b.status ?? '' },
    { header: 'SIZE', value: (b) => field(b, 'size_human') ?? '' },
    { header: 'OBJECTS', value: (b) => field(b, 'object_count') ?? '', fit: { priority: 2 } },
    { header: 'ACCESS', value: (b) => (b.public_access === undefined ? '' : onOff(b.public_access) === 'on' ? 'public' : 'private'), fit: { priority: 3 } },
    { header: 'REGION', value: (b) => field(b, 'region') ?? '', fit: { priority: 1 } },
  ],
  details: (b, answer) => {
    const limit = field(b, 'size_limit_human');
    const quota = field(b, 'quota_usage_percent');
    const mode = field(b, 'object_lock_default_retention_mode');
    const retention = field(b, 'object_lock_default_retention_human') ?? (field(b, 'object_lock_default_retention_days') ? `${field(b, 'object_lock_default_retention_days')} days` : undefined);
    const rules = Array.isArray(b.lifecycle_rules) ? b.lifecycle_rules.length : 0;
    return [
      ['Display name', field(b, 'display_name')],
      ['Legacy status', field(b, 'status_label') ?? b.status ?? undefined],
      ['Region', field(b, 'region')],
      ['Endpoint', field(answer, 'endpoint') ?? field(b, 'endpoint_url')],
      ['Public URL', field(b, 'public_url')],
      ['Access', b.public_access === undefined ? undefined : onOff(b.public_access) === 'on' ? 'public' : 'private'],
      ['Versioning', onOff(b.versioning_enabled)],
      ['Encryption', onOff(b.encryption_enabled) === 'off' ? 'none' : field(b, 'encryption_type')],
      ['Object lock', onOff(b.object_lock_enabled) === 'on' ? [mode, retention].filter(Boolean).join(', ') || 'on' : onOff(b.object_lock_enabled)],
      ['Size', [field(b, 'size_human'), limit ? `of ${limit}${quota ? ` (${quota}%)` : ''}` : undefined].filter(Boolean).join(' ') || undefined],
      ['Objects', field(b, 'object_count')],
      ['Lifecycle rules', rules ? String(rules) : undefined],
      ['Tags', Array.isArray(b.tags) && b.tags.length ? b.tags.join(', ') : undefined],
      ['Monthly cost', field(b, 'monthly_cost_dollars') ? `$${field(b, 'monthly_cost_dollars')}` : undefined],
    ];
  },
  example: { name: 'acme-assets', id: '89bc4ab8-18a3-4726-a8d7-c38fc55afc42' },
  inspect: ['diagnose', 'get'],
  verbs: {
    list: { make: 'list', examples: ['infra storage buckets list | cut -f2'] },
    get: { make: 'get' },
    delete: { make: 'delete' },
    metrics: { make: 'read', description: 'size, objects, requests, traffic and cost of a bucket over the last day', sub: '/{id}/metrics', perResource: true },
    wait: { make: 'wait' },
    diagnose: { make: 'diagnose' },
  },
};
