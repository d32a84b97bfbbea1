// SSH keys (real-api SshKeyResource and the /ssh-keys operations): integer ids, no status
// and no asynchronous operation: a key is there from its 201 on and gone with its 200.
import { createHash } from 'node:crypto';
import { ed25519Line, fingerprint, parsePublicKey } from '../../shared/ssh-key.js';
import { DAY, HOUR, iso } from '../clock.js';
import { familyHandlers, type FamilyDef, type FamilyRecord } from '../http/family.js';
import { lifecycle } from '../state/lifecycle.js';
import { MAIN_TEAM } from '../state/auth.js';
import { SEED_IDS } from '../state/seed.js';
import { TeamStore } from '../state/store.js';
import type { SimModule, World } from '../state/world.js';

export interface SshKeyRecord extends FamilyRecord {
  id: number;
  publicKey: string;
  fingerprint: string;
  createdAt: number;
}

/** Ids above the seeded ones. */
export const SSH_KEY_ID_FLOOR = 100;

export function newSshKey(r: { id: number; teamId: number; name: string; publicKey: string; createdAt: number }): SshKeyRecord {
  const parsed = parsePublicKey(r.publicKey);
  const fp = 'error' in parsed ? '' : fingerprint(parsed.blob);
  return { ...r, fingerprint: fp, updatedAt: r.createdAt, life: lifecycle(r.createdAt, 'active') };
}

export const sshKeyFamily: FamilyDef<SshKeyRecord> = {
  path: 'ssh-keys',
  model: 'SshKey',
  permission: 'ssh-key',
  wrapper: 'key',
  family: 'ssh_key',
  store: (w) => w.sshKeys,
  view: (k) => ({
    id: k.id,
    name: k.name,
    fingerprint: k.fingerprint,
    public_key: k.publicKey,
    created_at: iso(k.createdAt),
    updated_at: iso(k.updatedAt),
    // A string on SSH keys, unlike every other team_id (the facts say so).
    team_id: String(k.teamId),
    user_id: 1,
  }),
  create: {
    message: 'SSH key created successfully',
    build: (body, ctx) => {
      const errors: Record<string, string[]> = {};
      const mine = ctx.world.sshKeys.list(ctx.team.id);
      const name = typeof body.name === 'string' ? body.name.trim() : '';
      if (!name) errors.name = ['The name field is required.'];
      else if (name.length > 255) errors.name = ['The name field must not be greater than 255 characters.'];
      else if (mine.some((k) => k.name === name)) errors.name = ['The name has already been taken.'];
      const text = typeof body.public_key === 'string' ? body.public_key : '';
      const parsed = text.trim() ? parsePublicKey(text) : undefined;
      if (!parsed) errors.public_key = ['The public key field is required.'];
      else if ('error' in parsed) errors.public_key = ['The public key is not a valid SSH public key.'];
      else if (mine.some((k) => k.fingerprint === fingerprint(parsed.blob))) errors.public_key = ['The public key has already been taken.'];
      if (body.is_default !== undefined && typeof body.is_default !== 'boolean') errors.is_default = ['The is default field must be true or false.'];
      if (Object.keys(errors).length || !parsed || 'error' in parsed) return { errors };
      return { record: newSshKey({ id: ctx.world.ids.int('ssh-key', SSH_KEY_ID_FLOOR), teamId: ctx.team.id, name, publicKey: parsed.line, createdAt: ctx.now }) };
    },
  },
  destroy: { message: 'SSH key deleted successfully', refusal: 'SSH key cannot be deleted' },
};

/** A seeded key: its raw bytes derive from its name, so every run sees the same fingerprint. */
function seedSshKey(w: World, id: number, teamId: number, name: string, comment: string, createdAt: number): void {
  const raw = createHash('sha256').update(`infra-sim/ssh-key/${name}`).digest();
  w.sshKeys.add(newSshKey({ id, teamId, name, publicKey: ed25519Line(raw, comment), createdAt }));
}

export function sshKeyHandlers(world: World) {
  return familyHandlers(world, sshKeyFamily);
}

/** Team 1: `laptop` and `ci-runner`. */
function seedSshKeys(w: World, now: number): void {
  seedSshKey(w, SEED_IDS.sshKeys.laptop, MAIN_TEAM, 'laptop', 'dana@laptop', now - 200 * DAY);
  seedSshKey(w, SEED_IDS.sshKeys.ci, MAIN_TEAM, 'ci-runner', 'ci@acme', now - 30 * DAY - 2 * HOUR);
}

declare module '../state/world.js' {
  interface World {
    sshKeys: TeamStore<SshKeyRecord>;
  }
}

export const sshKeyModule: SimModule = { name: 'ssh-keys', stores: { sshKeys: () => new TeamStore<SshKeyRecord>() }, seed: seedSshKeys, routes: sshKeyHandlers };
