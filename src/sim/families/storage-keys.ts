// Storage access keys (real-api StorageAccessKeyResource and /storage/access-keys): S3
// credentials. List and show come from the generic engine; create and revoke are their own:
// the 201 is flat (not wrapped) and the only answer with the secret, and a revoked key stays
// listed as revoked (a second revoke is a 422 `{error}`), so it never 404s.
import { createHash } from 'node:crypto';
import { http } from 'msw';
import { DAY, iso, MINUTE } from '../clock.js';
import { API, guarded, invalid, json, message, notFound, readJson, refuse, type Ctx } from '../http/common.js';
import { familyHandlers, type FamilyDef, type FamilyRecord } from '../http/family.js';
import { isGone, lifecycle } from '../state/lifecycle.js';
import { MAIN_TEAM } from '../state/auth.js';
import { SEED_IDS } from '../state/seed.js';
import { TeamStore } from '../state/store.js';
import type { SimModule, World } from '../state/world.js';

export interface AccessKeyRecord extends FamilyRecord {
  id: string;
  accessKeyId: string;
  secret: string;
  /** `none` (v1.7.0): a key that reaches no bucket until permissions are granted. */
  scope: 'team' | 'buckets' | 'none';
  permissions: { bucketId: string; level: string }[];
  expiresAt: number | null;
  lastUsedAt: number | null;
  revokedAt: number | null;
  createdAt: number;
}

const LEVELS = ['read', 'readwrite', 'full'];
/** `arn` (v1.7.0) is `string | null` in the facts, which do not say what one looks like: null. */
const ARN = null;

/** Key material derived from the record's id: the same in every run. */
export function newAccessKey(r: Pick<AccessKeyRecord, 'id' | 'teamId' | 'name' | 'createdAt'> & Partial<AccessKeyRecord>): AccessKeyRecord {
  const h = createHash('sha256').update(`infra-sim/access-key/${r.id}`).digest();
  const accessKeyId = `AKIA${h.toString('hex').slice(0, 16).toUpperCase()}`;
  const secret = h
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 40);
  return { accessKeyId, secret, scope: 'team', permissions: [], expiresAt: null, lastUsedAt: null, revokedAt: null, updatedAt: r.createdAt, ...r, life: lifecycle(r.createdAt, 'active') };
}

export const accessKeyFamily: FamilyDef<AccessKeyRecord> = {
  path: 'storage/access-keys',
  model: 'StorageAccessKey',
  permission: 'storage',
  wrapper: 'access_key',
  family: 'storage',
  store: (w) => w.accessKeys,
  view: (k, at, ctx) => {
    const expired = k.expiresAt !== null && k.expiresAt <= at.now;
    const status = k.revokedAt !== null ? 'revoked' : expired ? 'expired' : 'active';
    return {
      id: k.id,
      name: k.name,
      access_key_id: k.accessKeyId,
      access_key_id_masked: `${k.accessKeyId.slice(0, 4)}****${k.accessKeyId.slice(-4)}`,
      arn: ARN,
      status,
      status_label: status === 'revoked' ? 'Revoked' : 'Active',
      access_type: k.scope === 'team' ? 'full' : 'restricted',
      is_prefix_scoped: false,
      scope: k.scope,
      bucket_permissions: k.permissions.map((p) => ({ bucket_id: p.bucketId, bucket_name: ctx.world.buckets.get(k.teamId, p.bucketId)?.name ?? null, level: p.level })),
      expires_at: k.expiresAt === null ? null : iso(k.expiresAt),
      last_used_at: k.lastUsedAt === null ? null : iso(k.lastUsedAt),
      revoked_at: k.revokedAt === null ? null : iso(k.revokedAt),
      is_expired: expired,
      created_at: iso(k.createdAt),
      updated_at: iso(k.updatedAt),
      team_id: k.teamId,
      user_id: 1,
    };
  },
};

function build(body: Record<string, unknown>, ctx: Ctx): { errors: Record<string, string[]> } | { record: AccessKeyRecord } {
  const errors: Record<string, string[]> = {};
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (!name) errors.name = ['The name field is required.'];
  else if (name.length > 255) errors.name = ['The name field must not be greater than 255 characters.'];
  let expiresAt: number | null = null;
  if (body.expires_at !== undefined && body.expires_at !== null) {
    expiresAt = typeof body.expires_at === 'string' ? Date.parse(body.expires_at) : NaN;
    if (Number.isNaN(expiresAt)) errors.expires_at = ['The expires at field must be a valid date.'];
    else if (expiresAt <= ctx.now) errors.expires_at = ['The expires at field must be a date after now.'];
  }
  const perms = body.bucket_permissions ?? [];
  const permissions: { bucketId: string; level: string }[] = [];
  if (!Array.isArray(perms)) errors.bucket_permissions = ['The bucket permissions field must be an array.'];
  else
    perms.forEach((p: unknown, i) => {
      const { bucket_id: bucketId, level } = (p ?? {}) as Record<string, unknown>;
      const bucket = typeof bucketId === 'string' ? ctx.world.buckets.get(ctx.team.id, bucketId) : undefined;
      if (!bucket || isGone(bucket.life, ctx.now)) errors[`bucket_permissions.${i}.bucket_id`] = [`The selected bucket_permissions.${i}.bucket_id is invalid.`];
      if (typeof level !== 'string' || !LEVELS.includes(level)) errors[`bucket_permissions.${i}.level`] = [`The selected bucket_permissions.${i}.level is invalid.`];
      if (bucket && typeof level === 'string') permissions.push({ bucketId: bucket.id, level });
    });
  // Without a scope, permissions mean "these buckets only" and none mean the whole team.
  const scope = body.scope ?? (permissions.length ? 'buckets' : 'team');
  if (scope !== 'team' && scope !== 'buckets' && scope !== 'none') errors.scope = ['The selected scope is invalid.'];
  else if (scope === 'buckets' && Array.isArray(perms) && perms.length === 0) errors.bucket_permissions = ['The bucket permissions field is required when scope is buckets.'];
  if (Object.keys(errors).length) return { errors };
  return {
    record: newAccessKey({
      id: ctx.world.ids.uuid('access-key'),
      teamId: ctx.team.id,
      name,
      createdAt: ctx.now,
      scope: scope as AccessKeyRecord['scope'],
      permissions: scope === 'buckets' ? permissions : [],
      expiresAt,
    }),
  };
}

export function accessKeyHandlers(world: World) {
  const base = `${API}/storage/access-keys`;
  return [
    http.post(
      base,
      guarded(world, 'storage:write', async (ctx) => {
        const body = await readJson(ctx.request);
        if (!body.ok) return body.response;
        const built = build(body.body, ctx);
        if ('errors' in built) return invalid(built.errors);
        const k = built.record;
        // A name ending in -fail stands for the storage backend refusing (the facts' 500).
        if (/-fail$/.test(k.name)) return json({ error: 'Failed to create access key in storage backend.' }, 500);
        world.accessKeys.add(k);
        return json(
          {
            id: k.id,
            name: k.name,
            access_key_id: k.accessKeyId,
            secret_access_key: k.secret,
            arn: ARN,
            scope: k.scope,
            bucket_permissions: k.permissions.map((p) => ({ bucket_id: p.bucketId, level: p.level })),
            expires_at: k.expiresAt === null ? null : iso(k.expiresAt),
            message: 'Access key created. Make sure to save the secret key - it will not be shown again.',
          },
          201,
        );
      }),
    ),
    http.delete(
      `${base}/:id`,
      guarded(world, 'storage:delete', (ctx) => {
        const k = world.accessKeys.get(ctx.team.id, ctx.params.id);
        if (!k) return notFound('StorageAccessKey', ctx.params.id);
        if (k.revokedAt !== null) return refuse(422, 'Access key is already revoked');
        k.revokedAt = ctx.now;
        k.updatedAt = ctx.now;
        return message(200, 'Access key has been revoked');
      }),
    ),
    ...familyHandlers(world, accessKeyFamily),
  ];
}

/** Team 1: `ci-deploy` (one bucket, expires, recently used), `backup-agent` (team scope), `old-laptop` (revoked). */
function seedAccessKeys(w: World, now: number): void {
  const ids = SEED_IDS.accessKeys;
  const team = MAIN_TEAM;
  w.accessKeys.add(
    newAccessKey({
      id: ids.ci,
      teamId: team,
      name: 'ci-deploy',
      createdAt: now - 60 * DAY,
      scope: 'buckets',
      permissions: [{ bucketId: SEED_IDS.buckets.assets, level: 'readwrite' }],
      expiresAt: now + 90 * DAY,
      lastUsedAt: now - 35 * MINUTE,
    }),
  );
  w.accessKeys.add(newAccessKey({ id: ids.backup, teamId: team, name: 'backup-agent', createdAt: now - 10 * DAY }));
  w.accessKeys.add(newAccessKey({ id: ids.revoked, teamId: team, name: 'old-laptop', createdAt: now - 400 * DAY, revokedAt: now - 30 * DAY, lastUsedAt: now - 31 * DAY }));
}

declare module '../state/world.js' {
  interface World {
    accessKeys: TeamStore<AccessKeyRecord>;
  }
}

export const accessKeyModule: SimModule = { name: 'storage-keys', stores: { accessKeys: () => new TeamStore<AccessKeyRecord>() }, seed: seedAccessKeys, routes: accessKeyHandlers };
