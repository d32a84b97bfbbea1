// The account: who the token belongs to (GET /api/user, outside /api/v1), requests to raise
// the account's limits (POST /account-limits/increase-requests) and the approvals they wait
// on (GET /approvals/{approval}); real-api "whoami", "account-limits", "approvals".
import * as z from 'zod/mini';
import type { HttpClient, RequestOptions } from './http.js';
import { envelopeOf } from './schemas.js';
import { Id, optBool, optPollDelay, optText } from './wire.js';

type Opts = Pick<RequestOptions<unknown>, 'signal'>;

/** The token's user, `{id, name, email, ...}`; some servers wrap it in `data`. */
export const User = z.looseObject({ id: Id, name: optText, email: optText });
const UserAnswer = z.union([User, z.looseObject({ data: User })]);
export type User = z.infer<typeof User>;

/**
 * An approval: `terminal` is the stop rule, `status` the outcome, `failure_reason` the
 * reviewer's reason for a refusal, `poll_after_ms` the server's pacing (30 s, null once settled).
 */
export const Approval = z.looseObject({
  id: Id,
  status: optText,
  terminal: optBool,
  poll_after_ms: optPollDelay,
  action: optText,
  summary: optText,
  requested_at: optText,
  expires_at: optText,
  decided_at: optText,
  failure_reason: optText,
  review_url: optText,
});
export type Approval = z.infer<typeof Approval>;
const ApprovalAnswer = envelopeOf(z.looseObject({ approval: Approval }));

export interface ApprovalRead {
  approval: Approval;
  /** The approval object as sent (for --json). */
  raw: unknown;
}

/** RequestAccountLimitIncreaseRequest: `reason` and the limits asked for (only those given are sent). */
export interface LimitIncrease {
  reason: string;
  requested_profiles?: string[];
  requested_database_limit?: number;
  requested_cache_limit?: number;
  requested_vps_limit?: number;
  requested_cpu_cores?: number;
  requested_memory_gb?: number;
  requested_storage_gb?: number;
  requested_serverless_limit?: number;
  requested_nextcloud_limit?: number;
}

/** `data.approval` of an envelope, as sent. */
function rawApproval(raw: unknown): unknown {
  const data = raw && typeof raw === 'object' ? (raw as { data?: unknown }).data : undefined;
  return data && typeof data === 'object' ? (data as { approval?: unknown }).approval : undefined;
}

export class AccountApi {
  constructor(private readonly http: HttpClient) {}

  /** GET /api/user: no X-Team-Id, the user is the same in every project. */
  async user(opts: Opts = {}): Promise<{ user: User; raw: unknown }> {
    const res = await this.http.get('/api/user', { schema: UserAnswer, noTeam: true, ...opts });
    const top = res.raw as Record<string, unknown>;
    const wrapped = top.id === undefined || top.id === null;
    return wrapped ? { user: (res.data as { data: User }).data, raw: top.data } : { user: res.data as User, raw: top };
  }

  /** POST /account-limits/increase-requests → 202 with the approval that decides it. */
  async requestLimitIncrease(body: LimitIncrease, opts: Opts = {}): Promise<ApprovalRead> {
    const res = await this.http.request('POST', '/account-limits/increase-requests', { body, schema: ApprovalAnswer, ...opts });
    return { approval: res.data.data.approval, raw: rawApproval(res.raw) };
  }

  /** GET /approvals/{approval}. */
  async approval(id: string, opts: Opts = {}): Promise<ApprovalRead> {
    const res = await this.http.get(`/approvals/${encodeURIComponent(id)}`, { schema: ApprovalAnswer, ...opts });
    return { approval: res.data.data.approval, raw: rawApproval(res.raw) };
  }
}
