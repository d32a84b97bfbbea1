// Requests to raise the account's limits (POST /account-limits/increase-requests) and the
// approvals that decide them (GET /approvals/{approval}), real-api "account-limits" and
// "approvals". A simulated reviewer decides REVIEW_SECONDS of sim time after the request:
// it grants, unless the reason contains "reject" (so tests and demos choose the outcome).
// The decision is worked out when an approval is read, like the containers' rollouts.
import type { ApprovalRecord } from '../state/approvals.js';
import { http } from 'msw';
import type { World } from '../state/world.js';
import { API, envelope, envelopeError, guarded, invalid, json, readJson } from '../http/common.js';

export const REVIEW_SECONDS = 120;
const EXPIRES_SECONDS = 7 * 24 * 3600;
const POLL_AFTER_MS = 30_000;
const PROFILES = ['nano', 'micro', 'small', 'medium', 'large', 'xlarge', 'nano_shared', 'micro_shared', 'small_shared', 'medium_shared', 'large_shared'];
const LIMITS = [
  'requested_database_limit',
  'requested_cache_limit',
  'requested_vps_limit',
  'requested_cpu_cores',
  'requested_memory_gb',
  'requested_storage_gb',
  'requested_serverless_limit',
  'requested_nextcloud_limit',
];

const iso = (ms: number) => new Date(ms).toISOString();

function approvalJson(a: ApprovalRecord, now: number, origin: string) {
  const decidedAt = a.requestedAt + REVIEW_SECONDS * 1000;
  const decided = now >= decidedAt;
  const status = !decided ? 'pending' : a.grant ? 'approved' : 'rejected';
  return {
    id: a.id,
    status,
    terminal: decided,
    poll_after_ms: decided ? null : POLL_AFTER_MS,
    action: 'account_limits.increase',
    summary: a.summary,
    requested_at: iso(a.requestedAt),
    expires_at: iso(a.requestedAt + EXPIRES_SECONDS * 1000),
    decided_at: decided ? iso(decidedAt) : null,
    failure_reason: decided && !a.grant ? 'The reviewer declined: the current usage does not justify the increase.' : null,
    review_url: `${origin}/approvals/${a.id}`,
  };
}

/** The body's errors, Laravel style (`{field: [messages]}`); empty when it is valid. */
function validate(body: Record<string, unknown>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (typeof body.reason !== 'string' || body.reason.trim() === '') errors.reason = ['The reason field is required.'];
  for (const key of LIMITS) {
    const v = body[key];
    if (v !== undefined && v !== null && !(typeof v === 'number' && Number.isInteger(v) && v >= 1)) errors[key] = [`The ${key.replace(/_/g, ' ')} field must be at least 1.`];
  }
  const profiles = body.requested_profiles;
  if (profiles !== undefined && profiles !== null && !(Array.isArray(profiles) && profiles.every((p) => PROFILES.includes(p as string))))
    errors.requested_profiles = ['The selected requested profiles is invalid.'];
  return errors;
}

function summaryOf(body: Record<string, unknown>): string {
  const parts = LIMITS.filter((k) => typeof body[k] === 'number').map((k) => `${k.replace(/^requested_/, '').replace(/_/g, ' ')} to ${String(body[k])}`);
  if (Array.isArray(body.requested_profiles) && body.requested_profiles.length) parts.push(`profiles ${body.requested_profiles.join(', ')}`);
  return `Raise ${parts.join(', ') || 'account limits'}`;
}

export function approvalHandlers(world: World) {
  return [
    http.post(
      `${API}/account-limits/increase-requests`,
      guarded(world, null, async (ctx) => {
        const read = await readJson(ctx.request);
        if (!read.ok) return read.response;
        const errors = validate(read.body);
        if (Object.keys(errors).length) return invalid(errors);
        const origin = ctx.url.origin;
        const open = world.approvals.list(ctx.team.id).find((a) => !approvalJson(a, ctx.now, origin).terminal);
        if (open) {
          return json(
            {
              success: false,
              data: null,
              error: {
                code: 'approval.already_pending',
                message: 'An increase request is already waiting for review.',
                retryable: false,
                approval_id: open.id,
                review_url: `${origin}/approvals/${open.id}`,
              },
              meta: {},
            },
            409,
          );
        }
        const reason = String(read.body.reason);
        const a = world.approvals.add({ id: world.ids.uuid('approval'), teamId: ctx.team.id, requestedAt: ctx.now, summary: summaryOf(read.body), grant: !/reject/i.test(reason) });
        return json(envelope({ approval: approvalJson(a, ctx.now, origin) }), 202);
      }),
    ),
    http.get(
      `${API}/approvals/:approval`,
      guarded(world, null, (ctx) => {
        const a = world.approvals.get(ctx.team.id, ctx.params.approval);
        if (!a) return envelopeError(404, null, 'approval.not_found', 'No such approval.', false);
        return json(envelope({ approval: approvalJson(a, ctx.now, ctx.url.origin) }));
      }),
    ),
  ];
}
