// An approval (GET /api/v1/approvals/{approval}, real-api "approvals") in the status model's
// words, so the one wait engine (src/commands/kit/wait/) follows it with the exit codes of every
// other wait: `terminal` is the stop rule, `poll_after_ms` (30 s) the server's pacing, and
// `status` the outcome. The facts name no status values: a terminal approval counts as
// granted only for a status that says so (GRANTED); any other terminal status (rejected,
// expired, cancelled, one the client does not know) is a refusal, exit 1, with the
// reviewer's `failure_reason`, never a success the client cannot place.
import type { App } from '../../cli/app.js';
import { CliError } from '../../cli/errors.js';
import { NotFoundError } from '../../client/errors.js';
import { ExitCode } from '../../shared/exit-codes.js';
import type { Approval, ApprovalRead } from '../../client/account.js';
import { AccountApi } from '../../client/account.js';
import type { Client } from '../../client/index.js';
import type { Resource } from '../../client/resources.js';
import type { OperationSubject } from './wait/operation-words.js';
import { waitForRead } from './wait/operation.js';
import { type WaitFlags } from './wait/flags.js';

export const GRANTED: ReadonlySet<string> = new Set(['approved', 'granted', 'executed', 'applied', 'completed', 'succeeded']);

export function endpointOf(id: string): string {
  return `GET /api/v1/approvals/${id}`;
}

/** An approval as the wait engine reads a status. */
export function approvalStatus(a: Approval): Resource {
  const status = (a.status ?? '').toLowerCase();
  const terminal = a.terminal ?? undefined;
  const pacing = { poll_after_ms: a.poll_after_ms ?? undefined };
  if (!terminal) return { id: a.id, status_details: { summary: status || 'pending', stale: false, operation: { state: 'running', terminal, ...pacing }, error: null } };
  if (GRANTED.has(status)) return { id: a.id, status_details: { summary: status, stale: false, operation: { state: 'succeeded', terminal: true }, error: null } };
  return {
    id: a.id,
    status_details: {
      summary: status || 'unknown',
      stale: false,
      operation: { state: 'failed', terminal: true },
      // The reviewer's reason is the message; asking again unchanged would meet the same answer.
      error: { code: `approval.${status || 'unknown'}`, message: a.failure_reason ?? undefined, retryable: false },
    },
  };
}

export function accountApi(client: Client): AccountApi {
  return new AccountApi(client.http);
}

/**
 * Follows an approval until it is decided: granted → 0, refused → 1 (the reviewer's reason),
 * timeout → 6 and Ctrl-C → 130 with `infra approvals wait <id>` to resume. `first` is a read
 * in hand (the request's answer), decided without a request. --json prints the approval as
 * last read.
 */
export async function followApproval(app: App, client: Client, id: string, flags: WaitFlags, first?: ApprovalRead): Promise<number> {
  const api = accountApi(client);
  let last = first;
  const subject: OperationSubject = {
    command: 'approvals',
    noun: 'approval',
    id,
    name: `approval ${id}`,
    verb: 'review',
    // The approval is what is read: its `terminal` alone decides.
    target: {},
    resumeCommand: `infra approvals wait ${id}`,
    look: `'infra approvals get ${id}' shows it`,
  };
  return waitForRead(app, client, subject, flags, {
    ...(first ? { initial: approvalStatus(first.approval) } : {}),
    endpoint: endpointOf(id),
    fetch: async (signal) => {
      try {
        last = await api.approval(id, { signal });
      } catch (err) {
        // Never read: a mistyped id (exit 5), not an approval that vanished during the wait.
        if (err instanceof NotFoundError && !last) throw new CliError(ExitCode.NOT_FOUND, `no approval ${id} (404 on ${endpointOf(id)})`, "the id is printed by 'infra account limits request'");
        throw err;
      }
      return approvalStatus(last.approval);
    },
    json: () => (last ? last.raw : null),
  });
}

/** The key/value lines of one approval. */
export function approvalLines(a: Approval): [string, string | undefined][] {
  const status = a.status ?? undefined;
  const state = a.terminal === true ? 'decided' : a.terminal === false ? 'waiting for review' : undefined;
  return [
    ['Approval', a.id],
    ['Action', a.action ?? undefined],
    ['Summary', a.summary ?? undefined],
    ['Status', status && state ? `${status} (${state})` : (status ?? state)],
    ['Requested', a.requested_at ?? undefined],
    ['Decided', a.decided_at ?? undefined],
    ['Expires', a.terminal === true ? undefined : (a.expires_at ?? undefined)],
    ['Reason', a.failure_reason ?? undefined],
    ['Review page', a.review_url ?? undefined],
  ];
}
