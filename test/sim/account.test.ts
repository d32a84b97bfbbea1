// The simulator's account routes answer in the real shapes (real-api "account-limits",
// "approvals", "whoami"): field for field, no invented fields, and the reviewer's timing.
import * as z from 'zod';
import { describe, expect, test } from 'vitest';
import { REVIEW_SECONDS } from '../../src/sim/handlers/approvals.js';
import { parsed, simApi, useSimulator, type SimApi } from '../helpers/sim.js';

let api: SimApi;
useSimulator((sim) => (api = simApi(sim)));

const nstr = z.string().nullable();
// real-api: the approval of POST /account-limits/increase-requests (202) and GET /approvals/{approval} (200)
const Approval = z.strictObject({
  id: z.string(),
  status: z.string(),
  terminal: z.boolean(),
  poll_after_ms: z.literal(30000).nullable(),
  action: z.string(),
  summary: z.string(),
  requested_at: nstr,
  expires_at: z.string(),
  decided_at: nstr,
  failure_reason: nstr,
  review_url: z.string(),
});
const Envelope = z.strictObject({ success: z.boolean(), data: z.strictObject({ approval: Approval }), error: z.null(), meta: z.strictObject({}) });
const Conflict = z.strictObject({
  success: z.boolean(),
  data: z.null(),
  error: z.strictObject({ code: z.string(), message: z.string(), retryable: z.boolean(), approval_id: nstr, review_url: nstr }),
  meta: z.strictObject({}),
});
const NotFound = z.strictObject({
  success: z.boolean(),
  data: z.null(),
  error: z.strictObject({ code: z.literal('approval.not_found'), message: z.string(), retryable: z.boolean() }),
  meta: z.strictObject({}),
});

const request = (body: unknown, team?: number) => api.send('POST', '/api/v1/account-limits/increase-requests', body, team === undefined ? {} : { team });

describe('account limits and approvals', () => {
  test('202 pending, then granted after the review; one open request per project (409 naming it)', async () => {
    const created = await parsed(await request({ reason: 'growth', requested_vps_limit: 10 }), Envelope, 202);
    const a = created.data.approval;
    expect(a).toMatchObject({ status: 'pending', terminal: false, poll_after_ms: 30000, decided_at: null });
    const again = await parsed(await request({ reason: 'more', requested_cache_limit: 3 }), Conflict, 409);
    expect(again.error.approval_id).toBe(a.id);
    // another project has its own
    await parsed(await request({ reason: 'staging', requested_vps_limit: 2 }, 2), Envelope, 202);
    api.advance(REVIEW_SECONDS - 1);
    expect((await parsed(await api.get(`/api/v1/approvals/${a.id}`), Envelope)).data.approval.terminal).toBe(false);
    api.advance(1);
    const done = (await parsed(await api.get(`/api/v1/approvals/${a.id}`), Envelope)).data.approval;
    expect(done).toMatchObject({ status: 'approved', terminal: true, poll_after_ms: null, failure_reason: null });
    expect(done.decided_at).not.toBeNull();
    await parsed(await request({ reason: 'next', requested_vps_limit: 12 }), Envelope, 202);
  });

  test('a reason with "reject" is refused with the reviewer reason; unknown ids 404; other projects do not see it', async () => {
    const a = (await parsed(await request({ reason: 'please REJECT', requested_profiles: ['xlarge', 'nano_shared'] }), Envelope, 202)).data.approval;
    api.advance(REVIEW_SECONDS);
    const done = (await parsed(await api.get(`/api/v1/approvals/${a.id}`), Envelope)).data.approval;
    expect(done).toMatchObject({ status: 'rejected', terminal: true });
    expect(done.failure_reason).toMatch(/\S/);
    await parsed(await api.get('/api/v1/approvals/nope'), NotFound, 404);
    await parsed(await api.get(`/api/v1/approvals/${a.id}`, { team: 2 }), NotFound, 404);
  });

  test('422 with field errors: reason required, limits whole numbers, profiles from the list', async () => {
    const bad = await api.send('POST', '/api/v1/account-limits/increase-requests', { requested_vps_limit: 0, requested_profiles: ['huge'] });
    expect(bad.status).toBe(422);
    expect(Object.keys(((await bad.json()) as { errors: object }).errors).sort()).toEqual(['reason', 'requested_profiles', 'requested_vps_limit']);
  });

  test('GET /api/user: the user, any valid token; 401 without one', async () => {
    const user = await parsed(await api.get('/api/user', { token: api.sim.tokens.default }), z.looseObject({ id: z.number(), name: z.string(), email: z.string() }));
    expect(user.id).toBe(17);
    expect((await api.get('/api/user', { token: null })).status).toBe(401);
  });
});
