// SSH keys as a family of the generic commands: integer ids, no status, nothing asynchronous.
import { SSH_KEY_KIND } from '../../client/families.js';
import type { FamilySpec } from '../resource/family.js';
import { field } from '../resource/family.js';
import { TIMESTAMP_FIT } from '../../output/fit.js';

export const SSH_KEYS: FamilySpec = {
  kind: SSH_KEY_KIND,
  command: 'ssh-keys',
  label: 'SSH key',
  columns: [
    { header: 'ID', value: (k) => k.id },
    { header: 'NAME', value: (k) => k.name ?? '' },
    { header: 'FINGERPRINT', value: (k) => field(k, 'fingerprint') ?? '', fit: { kind: 'text', min: 20, priority: 3 } },
    { header: 'TYPE', value: (k) => field(k, 'public_key')?.split(' ')[0] ?? '', fit: { priority: 1 } },
    { header: 'CREATED', value: (k) => k.created_at ?? '', fit: { ...TIMESTAMP_FIT, priority: 2 } },
  ],
  details: (k) => [
    ['Fingerprint', field(k, 'fingerprint')],
    ['Public key', field(k, 'public_key')],
  ],
  example: { name: 'laptop', id: '1' },
  verbs: {
    list: { make: 'list' },
    get: { make: 'get' },
    delete: { make: 'delete' },
  },
};
