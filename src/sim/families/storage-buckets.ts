// Object storage buckets (real-api StorageBucketResource and /storage/buckets): a family of
// the generic engine with the shared status model, plus their metrics. A name is unique in a
// team (409 `{error}` for a taken one, as the facts word it); the backend name carries the
// team (`t1-acme-assets`), so two teams may use the same name.
import { http } from 'msw';
import { DAY, iso, SECOND } from '../clock.js';
import { API, guarded, json, notFound, type Ctx } from '../http/common.js';
import { familyHandlers, type FamilyDef, type FamilyRecord } from '../http/family.js';
import { isGone, lifecycle } from '../state/lifecycle.js';
import { MAIN_TEAM } from '../state/auth.js';
import { SEED_IDS } from '../state/seed.js';
import { TeamStore } from '../state/store.js';
import type { SimModule, World } from '../state/world.js';

export interface BucketSettings {
  displayName: string | null;
  versioning: boolean;
  publicAccess: boolean;
  encryption: 'none' | 'sse-s3' | 'sse-kms';
  kmsKeyId: string | null;
  objectLock: boolean;
  retentionMode: 'GOVERNANCE' | 'COMPLIANCE' | null;
  retentionDays: number | null;
  sizeLimit: number | null;
  tags: string[] | null;
  lifecycleRules: unknown[] | null;
  cors: unknown | null;
}

export interface BucketRecord extends FamilyRecord, BucketSettings {
  id: string;
  region: string;
  sizeBytes: number;
  objects: number;
  createdAt: number;
}

export const DEFAULT_BUCKET: BucketSettings = {
  displayName: null,
  versioning: false,
  publicAccess: false,
  encryption: 'sse-s3',
  kmsKeyId: null,
  objectLock: false,
  retentionMode: null,
  retentionDays: null,
  sizeLimit: null,
  tags: null,
  lifecycleRules: null,
  cors: null,
};
const LABELS: Record<string, string> = { pending: 'Pending', creating: 'Creating', active: 'Active', updating: 'Updating', error: 'Error', destroying: 'Destroying' };
const ENDPOINT = 's3.fsn1.sim.local';
/** S3's bucket naming rules. */
export const BUCKET_NAME = /^(?=.{3,63}$)[a-z0-9][a-z0-9.-]*[a-z0-9]$/;

export function newBucket(r: Pick<BucketRecord, 'id' | 'teamId' | 'name' | 'createdAt'> & Partial<BucketRecord>, base = 'active'): BucketRecord {
  return { region: 'fsn1', sizeBytes: 0, objects: 0, updatedAt: r.createdAt, ...DEFAULT_BUCKET, ...r, life: lifecycle(r.createdAt, base) };
}

function human(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) [v, i] = [v / 1024, i + 1];
  return `${Math.round(v)} ${units[i]}`;
}

const cents = (b: BucketRecord) => Math.round((b.sizeBytes / 1024 ** 3) * 5);

export const bucketFamily: FamilyDef<BucketRecord> = {
  path: 'storage/buckets',
  model: 'StorageBucket',
  permission: 'storage',
  wrapper: 'bucket',
  family: 'storage',
  store: (w) => w.buckets,
  view: (b, at) => ({
    id: b.id,
    name: b.name,
    display_name: b.displayName,
    status: at.status,
    status_label: LABELS[at.status] ?? null,
    status_details: at.details,
    capabilities: { logs: false, events: false, diagnose: true },
    region: b.region,
    provider: 'ceph',
    provider_label: 'Ceph RGW',
    endpoint_url: `https://${ENDPOINT}`,
    endpoint: ENDPOINT,
    public_url: b.publicAccess ? `https://${b.name}.${ENDPOINT}` : null,
    public_access: b.publicAccess,
    versioning_enabled: b.versioning,
    object_lock_enabled: b.objectLock,
    object_lock_default_retention_mode: b.retentionMode,
    object_lock_default_retention_days: b.retentionDays,
    object_lock_default_retention_human: b.retentionDays === null ? null : `${b.retentionDays} days`,
    has_object_lock: b.objectLock,
    has_default_retention: b.retentionDays !== null,
    is_compliance_mode: b.retentionMode === 'COMPLIANCE',
    encryption_enabled: b.encryption !== 'none',
    encryption_type: b.encryption,
    size_bytes: b.sizeBytes,
    size_human: human(b.sizeBytes),
    size_limit_bytes: b.sizeLimit,
    size_limit_human: b.sizeLimit === null ? null : human(b.sizeLimit),
    quota_usage_percent: b.sizeLimit ? Math.round((100 * b.sizeBytes) / b.sizeLimit) : null,
    is_near_quota_limit: !!b.sizeLimit && b.sizeBytes > 0.9 * b.sizeLimit,
    has_exceeded_quota: !!b.sizeLimit && b.sizeBytes > b.sizeLimit,
    object_count: b.objects,
    lifecycle_rules: b.lifecycleRules,
    cors_configuration: b.cors,
    custom_policy_statements: null,
    bucket_arn: `arn:aws:s3:::t${b.teamId}-${b.name}`,
    tags: b.tags,
    monthly_cost_cents: cents(b),
    monthly_cost_dollars: cents(b) / 100,
    requests_24h_total: b.objects ? 1200 : null,
    requests_24h_by_method: b.objects ? { GET: 1100, PUT: 90, DELETE: 6, HEAD: 4 } : null,
    egress_bytes_24h: b.objects ? 52_428_800 : null,
    metrics_precomputed_at: null,
    last_metrics_sync_at: null,
    created_at: iso(b.createdAt),
    updated_at: iso(b.updatedAt),
    team_id: b.teamId,
    user_id: 1,
    minio_bucket_name: `t${b.teamId}-${b.name}`,
    can_be_modified: at.details.operation.terminal,
    can_be_destroyed: at.details.operation.terminal,
  }),
  show: (_b, view) => ({ bucket: view, endpoint: `https://${ENDPOINT}` }),
  create: {
    message: 'Storage bucket created successfully',
    op: { during: 'creating', after: 'active', ms: 15 * SECOND },
    build: (body, ctx) => {
      const errors: Record<string, string[]> = {};
      const name = typeof body.name === 'string' ? body.name : '';
      if (!name) errors.name = ['The name field is required.'];
      else if (!BUCKET_NAME.test(name) || name.includes('..')) errors.name = ['The name field format is invalid.'];
      if (body.region === undefined) errors.region = ['The region field is required.'];
      else if (body.region !== 'fsn1') errors.region = ['The selected region is invalid.'];
      Object.assign(errors, settingsErrors(body));
      if (body.object_lock_enabled !== undefined && typeof body.object_lock_enabled !== 'boolean') errors.object_lock_enabled = ['The object lock enabled field must be true or false.'];
      if (Object.keys(errors).length) return { errors };
      if (ctx.world.buckets.list(ctx.team.id).some((b) => b.name === name && !isGone(b.life, ctx.now))) return { conflict: 'A bucket with this name already exists. Please choose a different name.' };
      const b = newBucket({ id: ctx.world.ids.uuid('bucket'), teamId: ctx.team.id, name, createdAt: ctx.now, objectLock: body.object_lock_enabled === true }, 'pending');
      applySettings(b, body);
      return { record: b };
    },
  },
  update: {
    message: 'Bucket settings updated successfully',
    op: { during: 'updating', after: 'active', ms: 5 * SECOND },
    apply: (b, body) => {
      const errors = settingsErrors(body);
      const retention = body.object_lock_default_retention_mode ?? body.object_lock_default_retention_days;
      if (retention !== undefined && retention !== null && !b.objectLock)
        errors.object_lock_default_retention_mode = ['Object lock is not enabled on this bucket; it can only be enabled at creation.'];
      if (Object.keys(errors).length) return errors;
      applySettings(b, body);
      return undefined;
    },
  },
  destroy: { message: 'Bucket deletion initiated', refusal: 'Bucket cannot be deleted in its current state', from: ['active', 'error'], op: { during: 'destroying', after: 'gone', ms: 20 * SECOND } },
  diagnostics: { diagnose: true },
};

const BOOLS = { versioning_enabled: 'versioning enabled', public_access: 'public access', encryption_enabled: 'encryption enabled' } as const;

/** Field errors of the settings a create and an update share (UpdateStorageBucketRequest). */
function settingsErrors(body: Record<string, unknown>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const [k, words] of Object.entries(BOOLS)) if (body[k] !== undefined && typeof body[k] !== 'boolean') errors[k] = [`The ${words} field must be true or false.`];
  if (body.encryption_type !== undefined && body.encryption_type !== null && !['none', 'sse-s3', 'sse-kms'].includes(String(body.encryption_type)))
    errors.encryption_type = ['The selected encryption type is invalid.'];
  if (body.encryption_type === 'sse-kms' && typeof body.encryption_kms_key_id !== 'string')
    errors.encryption_kms_key_id = ['The encryption kms key id field is required when encryption type is sse-kms.'];
  const mode = body.object_lock_default_retention_mode;
  if (mode !== undefined && mode !== null && mode !== 'GOVERNANCE' && mode !== 'COMPLIANCE')
    errors.object_lock_default_retention_mode = ['The selected object lock default retention mode is invalid.'];
  const days = body.object_lock_default_retention_days;
  if (days !== undefined && days !== null && (!Number.isInteger(days) || (days as number) < 1 || (days as number) > 36500))
    errors.object_lock_default_retention_days = ['The object lock default retention days field must be between 1 and 36500.'];
  const limit = body.size_limit_bytes;
  if (limit !== undefined && limit !== null && (!Number.isInteger(limit) || (limit as number) < 1)) errors.size_limit_bytes = ['The size limit bytes field must be at least 1.'];
  if (body.tags !== undefined && body.tags !== null && (!Array.isArray(body.tags) || body.tags.some((t) => typeof t !== 'string'))) errors.tags = ['The tags field must be an array.'];
  return errors;
}

function applySettings(b: BucketRecord, body: Record<string, unknown>): void {
  const has = (k: string) => body[k] !== undefined;
  if (has('display_name')) b.displayName = typeof body.display_name === 'string' ? body.display_name : null;
  if (has('versioning_enabled')) b.versioning = body.versioning_enabled === true;
  if (has('public_access')) b.publicAccess = body.public_access === true;
  if (body.encryption_enabled === false) b.encryption = 'none';
  if (typeof body.encryption_type === 'string') b.encryption = body.encryption_type as BucketRecord['encryption'];
  if (has('encryption_kms_key_id')) b.kmsKeyId = typeof body.encryption_kms_key_id === 'string' ? body.encryption_kms_key_id : null;
  if (has('object_lock_default_retention_mode')) b.retentionMode = (body.object_lock_default_retention_mode ?? null) as BucketRecord['retentionMode'];
  if (has('object_lock_default_retention_days')) b.retentionDays = (body.object_lock_default_retention_days ?? null) as number | null;
  if (has('size_limit_bytes')) b.sizeLimit = (body.size_limit_bytes ?? null) as number | null;
  if (has('tags')) b.tags = (body.tags ?? null) as string[] | null;
  if (has('lifecycle_rules')) b.lifecycleRules = (body.lifecycle_rules ?? null) as unknown[] | null;
  if (has('cors_configuration')) b.cors = body.cors_configuration ?? null;
}

/** GET /storage/buckets/{id}/metrics: usage of the last day, as the facts shape it. */
function bucketMetrics(world: World) {
  return http.get(
    `${API}/storage/buckets/:id/metrics`,
    guarded(world, 'storage:read', (ctx: Ctx) => {
      const b = world.buckets.get(ctx.team.id, ctx.params.id);
      if (!b || isGone(b.life, ctx.now)) return notFound('StorageBucket', ctx.params.id);
      const used = b.objects > 0;
      return json({
        size_bytes: b.sizeBytes,
        size_human: human(b.sizeBytes),
        object_count: b.objects,
        requests_24h: used ? 1200 : null,
        requests_24h_by_method: used ? { GET: 1100, PUT: 90, DELETE: 6, HEAD: 4 } : null,
        requests_24h_by_status: used ? '2xx' : null,
        error_rate_24h: used ? '0.0050' : null,
        latency_24h_ms: used ? { p50: '21', p95: '80', mean: 27.5 } : null,
        egress_bytes_24h: used ? 52_428_800 : 0,
        egress_human_24h: human(used ? 52_428_800 : 0),
        ingress_bytes_24h: used ? '10485760' : '0',
        ingress_human_24h: used ? '10 MB' : null,
        monthly_cost_cents: cents(b),
        monthly_cost_dollars: cents(b) / 100,
        source: 'deltas',
        freshness: 'fresh',
        last_sync_at: iso(ctx.now - 300 * SECOND),
        metrics_precomputed_at: iso(ctx.now - 300 * SECOND),
      });
    }),
  );
}

export function bucketHandlers(world: World) {
  return [bucketMetrics(world), ...familyHandlers(world, bucketFamily)];
}

const GIB = 1024 ** 3;

/** Team 1: `acme-assets` (versioned, a lifecycle rule, near its size limit) and `acme-logs` (object lock). */
function seedBuckets(w: World, now: number): void {
  const ids = SEED_IDS.buckets;
  w.buckets.add(
    newBucket({
      id: ids.assets,
      teamId: MAIN_TEAM,
      name: 'acme-assets',
      displayName: 'Acme static assets',
      createdAt: now - 300 * DAY,
      versioning: true,
      sizeBytes: 17 * GIB,
      objects: 48211,
      sizeLimit: 100 * GIB,
      lifecycleRules: [{ ID: 'expire-tmp', Status: 'Enabled', Filter: { Prefix: 'tmp/' }, Expiration: { Days: 7 } }],
    }),
  );
  w.buckets.add(newBucket({ id: ids.logs, teamId: MAIN_TEAM, name: 'acme-logs', createdAt: now - 2 * DAY, encryption: 'none', objectLock: true, retentionMode: 'GOVERNANCE', retentionDays: 30 }));
}

declare module '../state/world.js' {
  interface World {
    buckets: TeamStore<BucketRecord>;
  }
}

export const bucketModule: SimModule = { name: 'storage-buckets', stores: { buckets: () => new TeamStore<BucketRecord>() }, seed: seedBuckets, routes: bucketHandlers };
