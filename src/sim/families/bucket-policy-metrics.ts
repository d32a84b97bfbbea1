// Buckets, what v1.7.0 added (real-api "storage"): the policy (GET; PUT of the bucket's own
// statements → 202), folder grants for an access key (POST → 202), and the metrics trend, top
// objects and health. A policy change takes POLICY_APPLY_MS to apply; a change sent meanwhile
// answers 409 `{error}` with `Retry-After` (seconds left), as the facts show.
import { http } from 'msw';
import { HOUR, iso, MINUTE } from '../clock.js';
import { API, guarded, invalid, json, notFound, readJson, type Ctx } from '../http/common.js';
import { isGone, legacyStatus } from '../state/lifecycle.js';
import { POLICY_APPLY_MS } from './subresources-state.js';
import type { World } from '../state/world.js';
import type { BucketRecord } from './storage-buckets.js';

const ACTIONS: Record<string, string[]> = {
  read: ['s3:GetObject', 's3:ListBucket'],
  readwrite: ['s3:GetObject', 's3:ListBucket', 's3:PutObject', 's3:DeleteObject'],
  full: ['s3:*'],
};
const RESOLUTIONS: Record<string, number> = { '1d': 24 * HOUR, '1h': HOUR, '15m': 15 * MINUTE, '5m': 5 * MINUTE, '1m': MINUTE };

const arn = (b: BucketRecord) => `arn:aws:s3:::t${b.teamId}-${b.name}`;

function policyJson(world: World, b: BucketRecord, now: number) {
  const custom = world.extras.policyOf(b.id).statements;
  const owner = { Sid: 'team-owner', Effect: 'Allow', Principal: { AWS: [`arn:aws:iam::team-${b.teamId}:root`] }, Action: ['s3:*'], Resource: [arn(b), `${arn(b)}/*`] };
  return { custom_policy_statements: custom, effective_policy: { Version: '2012-10-17', Statement: [owner, ...custom] }, status: legacyStatus(b.life, now) };
}

/** 409 with Retry-After while the last change is applied (undefined: free). */
function busy(world: World, b: BucketRecord, now: number): Response | undefined {
  const left = world.extras.policyOf(b.id).busyUntil - now;
  if (left <= 0) return undefined;
  return json({ error: 'A policy change is still being applied to this bucket. Retry shortly.' }, 409, { 'Retry-After': String(Math.max(1, Math.ceil(left / 1000))) });
}

function trendJson(b: BucketRecord, url: URL, now: number): Response {
  const resolution = url.searchParams.get('resolution') ?? '1h';
  const stepMs = RESOLUTIONS[resolution];
  if (!stepMs) return invalid({ resolution: ['The selected resolution is invalid.'] });
  const window = url.searchParams.get('window') ?? '24h';
  const m = /^(\d+)([dhm])$/.exec(window);
  if (!m) return invalid({ window: ['The window field format is invalid.'] });
  const windowMs = Number(m[1]) * (m[2] === 'd' ? 24 * HOUR : m[2] === 'h' ? HOUR : MINUTE);
  const points = Math.max(1, Math.min(500, Math.floor(windowMs / stepMs)));
  const data = Array.from({ length: points }, (_, i) => {
    const k = points - 1 - i;
    const get = b.objects ? 40 + (i % 5) * 3 : 0;
    return {
      recorded_at: iso(now - k * stepMs),
      size_bytes: Math.max(0, b.sizeBytes - k * 1_048_576),
      object_count: Math.max(0, b.objects - k),
      requests: { total: get + 4, get, put: 3, delete: 0, head: 1 },
      status: { '2xx': get + 3, '4xx': 1, '5xx': 0 },
      egress_bytes: get * 65_536,
      ingress_bytes: 3 * 65_536,
      error_rate: '0.0200',
      latency_ms: { mean: '24.5', p95_upper_bound: 80 },
      interval_seconds: stepMs / 1000,
      requests_24h_total: null,
    };
  });
  return json({ bucket_id: b.id, window, resolution, source: 'deltas', freshness: 'fresh', generated_at: iso(now), data });
}

function topObjectsJson(b: BucketRecord, url: URL, now: number) {
  const dimension = url.searchParams.get('dimension') ?? 'size';
  if (!b.objects) return { bucket_id: b.id, dimension, recorded_at: null, items: [] };
  const keys = ['videos/launch.mp4', 'backups/db-2026-11-01.tar.gz', 'images/hero@2x.png', 'fonts/inter.woff2', 'index.html'];
  return { bucket_id: b.id, dimension, recorded_at: iso(now - HOUR), items: keys.map((object_key, i) => ({ rank: i + 1, object_key, value: Math.round(900_000_000 / (i + 1) ** 2) })) };
}

export function bucketPolicyMetricsHandlers(world: World) {
  const withBucket = (permission: string, fn: (b: BucketRecord, ctx: Ctx) => Response | Promise<Response>) =>
    guarded(world, permission, (ctx) => {
      const b = world.buckets.get(ctx.team.id, ctx.params.id);
      return b && !isGone(b.life, ctx.now) ? fn(b, ctx) : notFound('StorageBucket', ctx.params.id);
    });
  const base = `${API}/storage/buckets/:id`;
  return [
    http.get(
      `${base}/policy`,
      withBucket('storage:read', (b, ctx) => json(policyJson(world, b, ctx.now))),
    ),
    http.put(
      `${base}/policy`,
      withBucket('storage:write', async (b, ctx) => {
        const body = await readJson(ctx.request);
        if (!body.ok) return body.response;
        const list = body.body.custom_policy_statements;
        if (!Array.isArray(list) || !list.every((s) => typeof s === 'object' && s !== null && !Array.isArray(s)))
          return invalid({ custom_policy_statements: ['The custom policy statements field must be an array.'] });
        const refused = busy(world, b, ctx.now);
        if (refused) return refused;
        const p = world.extras.policyOf(b.id);
        p.statements = list as Record<string, unknown>[];
        p.busyUntil = ctx.now + POLICY_APPLY_MS;
        return json(policyJson(world, b, ctx.now), 202);
      }),
    ),
    http.post(
      `${base}/policy/folder-grants`,
      withBucket('storage:write', async (b, ctx) => {
        const body = await readJson(ctx.request);
        if (!body.ok) return body.response;
        const { key_id: keyId, folder, whole_bucket: whole, level } = body.body;
        const errors: Record<string, string[]> = {};
        const key = typeof keyId === 'string' ? world.accessKeys.get(ctx.team.id, keyId) : undefined;
        if (keyId === undefined) errors.key_id = ['The key id field is required.'];
        else if (!key || key.revokedAt !== null) errors.key_id = ['The selected key id is invalid.'];
        if (typeof level !== 'string' || !ACTIONS[level]) errors.level = ['The selected level is invalid.'];
        const hasFolder = typeof folder === 'string' && folder.trim() !== '';
        if (hasFolder === (whole === true)) errors.folder = ['Give either a folder or whole_bucket.'];
        if (Object.keys(errors).length) return invalid(errors);
        const refused = busy(world, b, ctx.now);
        if (refused) return refused;
        const prefix = hasFolder ? `${(folder as string).replace(/^\/+/, '').replace(/\/?$/, '/')}` : '';
        const added = {
          Sid: `grant-${key!.accessKeyId}-${prefix || 'bucket'}`.replace(/[^A-Za-z0-9-]/g, '-'),
          Effect: 'Allow',
          Principal: { AWS: [`arn:aws:iam::team-${b.teamId}:user/${key!.accessKeyId}`] },
          Action: ACTIONS[level as string],
          Resource: [arn(b), `${arn(b)}/${prefix}*`],
        };
        const p = world.extras.policyOf(b.id);
        p.statements = [...p.statements, added];
        p.busyUntil = ctx.now + POLICY_APPLY_MS;
        const warnings = level === 'full' ? ['Full access lets this key change and delete every object it reaches.'] : [];
        return json({ added_statements: [added], warnings, ...policyJson(world, b, ctx.now) }, 202);
      }),
    ),
    http.get(
      `${base}/metrics/trend`,
      withBucket('storage:read', (b, ctx) => trendJson(b, ctx.url, ctx.now)),
    ),
    http.get(
      `${base}/metrics/top-objects`,
      withBucket('storage:read', (b, ctx) => json(topObjectsJson(b, ctx.url, ctx.now))),
    ),
    http.get(
      `${base}/metrics/health`,
      withBucket('storage:read', (b, ctx) =>
        json({
          bucket_id: b.id,
          pending_multipart_count: b.objects ? 2 : 0,
          pending_multipart_bytes: b.objects ? 10_485_760 : 0,
          deleted_size_bytes: b.objects ? 52_428_800 : 0,
          freshness: 'fresh',
          metrics_precomputed_at: iso(ctx.now - 5 * MINUTE),
          last_health_check_at: iso(ctx.now - HOUR),
          health_check_status: 'ok',
        }),
      ),
    ),
  ];
}
