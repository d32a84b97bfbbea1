// The seeded buckets, access keys, firewalls and SSH keys of team 1 (ids from SEED_IDS).
import { DAY, HOUR, MINUTE } from '../clock.js';
import { newFirewall } from '../families/firewalls.js';
import { seedSshKey } from '../families/ssh-keys.js';
import { newBucket } from '../families/storage-buckets.js';
import { newAccessKey } from '../families/storage-keys.js';
import { MAIN_TEAM } from './auth.js';
import type { World } from './world.js';

export interface StorageNetworkIds {
  buckets: { assets: string; logs: string };
  accessKeys: { ci: string; backup: string; revoked: string };
  firewalls: { default: string; web: string };
  sshKeys: { laptop: number; ci: number };
  /** The VPS the web-ingress firewall is attached to. */
  vps: string;
}

const GIB = 1024 ** 3;
const rule = (id: string, order: number, name: string | null, port: number, sources: string[] | null) =>
  ({ id, name, action: 'allow', direction: 'inbound', protocol: 'tcp', port_range_start: port, port_range_end: port, source_ips: sources, order });

export function seedStorageAndNetwork(w: World, now: number, ids: StorageNetworkIds): void {
  const team = MAIN_TEAM;
  w.buckets.add(newBucket({
    id: ids.buckets.assets, teamId: team, name: 'acme-assets', displayName: 'Acme static assets', createdAt: now - 300 * DAY, versioning: true,
    sizeBytes: 17 * GIB, objects: 48211, sizeLimit: 100 * GIB, lifecycleRules: [{ ID: 'expire-tmp', Status: 'Enabled', Filter: { Prefix: 'tmp/' }, Expiration: { Days: 7 } }],
  }));
  w.buckets.add(newBucket({ id: ids.buckets.logs, teamId: team, name: 'acme-logs', createdAt: now - 2 * DAY, encryption: 'none', objectLock: true, retentionMode: 'GOVERNANCE', retentionDays: 30 }));

  w.accessKeys.add(newAccessKey({ id: ids.accessKeys.ci, teamId: team, name: 'ci-deploy', createdAt: now - 60 * DAY, scope: 'buckets', permissions: [{ bucketId: ids.buckets.assets, level: 'readwrite' }], expiresAt: now + 90 * DAY, lastUsedAt: now - 35 * MINUTE }));
  w.accessKeys.add(newAccessKey({ id: ids.accessKeys.backup, teamId: team, name: 'backup-agent', createdAt: now - 10 * DAY }));
  w.accessKeys.add(newAccessKey({ id: ids.accessKeys.revoked, teamId: team, name: 'old-laptop', createdAt: now - 400 * DAY, revokedAt: now - 30 * DAY, lastUsedAt: now - 31 * DAY }));

  w.firewalls.add(newFirewall({ id: ids.firewalls.default, teamId: team, name: 'default', isDefault: true, createdAt: now - 200 * DAY, rules: [rule(`${ids.firewalls.default}-r1`, 1, null, 22, null)] }));
  w.firewalls.add(newFirewall({
    id: ids.firewalls.web, teamId: team, name: 'web-ingress', description: 'HTTP(S) from anywhere, SSH from the office', createdAt: now - 150 * DAY, updatedAt: now - 20 * DAY,
    rules: [rule(`${ids.firewalls.web}-r1`, 1, 'https', 443, ['0.0.0.0/0', '::/0']), rule(`${ids.firewalls.web}-r2`, 2, 'http', 80, ['0.0.0.0/0', '::/0']), rule(`${ids.firewalls.web}-r3`, 3, 'ssh office', 22, ['198.51.100.0/24'])],
    attachments: [{ type: 'vps', id: ids.vps }],
  }));

  seedSshKey(w, ids.sshKeys.laptop, team, 'laptop', 'dana@laptop', now - 200 * DAY);
  seedSshKey(w, ids.sshKeys.ci, team, 'ci-runner', 'ci@acme', now - 30 * DAY - 2 * HOUR);
}
