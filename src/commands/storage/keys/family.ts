// Storage access keys (S3 credentials) as a family of the generic commands. They have no
// status_details and no asynchronous operation: a key works from its 201 on, and a revoked
// one stays listed as revoked.
import type { FamilySpec, Item } from '../../resource/family.js';
import { field, idColumn } from '../../resource/family.js';
import { TIMESTAMP_FIT } from '../../../output/fit.js';

function buckets(k: Item): string | undefined {
  if (field(k, 'scope') === 'team') return 'every bucket of the project';
  const perms = Array.isArray(k.bucket_permissions) ? (k.bucket_permissions as Record<string, unknown>[]) : [];
  return perms.map((p) => `${field(p, 'bucket_name') ?? field(p, 'bucket_id') ?? '?'} (${field(p, 'level') ?? '?'})`).join(', ') || undefined;
}

export const KEYS: FamilySpec = {
  kind: { path: '/storage/access-keys', noun: 'access key', ids: 'uuid', wrapper: 'access_key', permission: 'storage' },
  command: 'storage keys',
  label: 'access key',
  columns: [
    idColumn(),
    { header: 'NAME', value: (k) => k.name ?? '' },
    // The API's masked form: the full key id is in --json.
    { header: 'ACCESS KEY', value: (k) => field(k, 'access_key_id_masked') ?? '' },
    { header: 'STATUS', value: (k) => k.status ?? '' },
    { header: 'SCOPE', value: (k) => field(k, 'scope') ?? '', fit: { priority: 1 } },
    { header: 'EXPIRES', value: (k) => field(k, 'expires_at') ?? 'never', fit: { ...TIMESTAMP_FIT, priority: 2 } },
    { header: 'LAST USED', value: (k) => field(k, 'last_used_at') ?? 'never', fit: { ...TIMESTAMP_FIT, priority: 3 } },
  ],
  details: (k) => [
    ['Access key', field(k, 'access_key_id_masked')],
    ['Access', field(k, 'access_type')],
    ['Buckets', buckets(k)],
    ['Expires', field(k, 'expires_at') ?? 'never'],
    ['Last used', field(k, 'last_used_at') ?? 'never'],
    ['Revoked', field(k, 'revoked_at')],
  ],
  example: { name: 'ci-deploy', id: '9cdaac36-b90b-473e-9ef0-209b883a7ff2' },
  verbs: {
    list: { make: 'list' },
    get: { make: 'get' },
  },
};
