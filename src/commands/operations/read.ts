// One operation of GET /api/v1/operations/{id} (real-api "operations"), found from the
// reference a person has, and put in the status model's words so the one wait engine
// (src/commands/kit/wait/) follows it.
//
// The reference rule: the reference goes to the API as it is first (an operation id, or a
// container id: the API answers with the container's latest operation). Only when that
// answers 404 and the reference is not shaped like an id is it resolved as a container name
// or slug (one list request), and the container's id asked for. An id-shaped reference that
// answers 404 is "no such operation" for `get`; for `wait` it is "not yet" for GRACE_MS
// (the operation row may not exist in the first seconds after a create), then not found.
import type { App } from '../../cli/app.js';
import { CliError } from '../../cli/errors.js';
import { NotFoundError } from '../../client/errors.js';
import type { Client } from '../../client/index.js';
import { looksLikeId } from '../../client/resolve.js';
import type { Resource } from '../../client/resources.js';
import type { Operation } from '../../client/schemas.js';
import { ExitCode } from '../../shared/exit-codes.js';

/** How long a wait takes a 404 for an operation that is not there yet. */
export const GRACE_MS = 30_000;

export interface OperationRead {
  operation: Operation;
  /** `data` of the envelope, as sent (for --json). */
  data: unknown;
}

export interface Found {
  /** What is sent to GET /operations/{id}: the reference, or the id of the container it names. */
  id: string;
  /** The container's name, when the reference was one. */
  name?: string;
  /** The first read; absent when the operation is not there (yet). */
  read?: OperationRead;
}

export function endpointOf(id: string): string {
  return `GET /api/v1/operations/${id}`;
}

/** One read of GET /operations/{id}, the envelope's `data` kept as sent. */
export async function readOnce(client: Client, id: string, signal: AbortSignal): Promise<OperationRead> {
  const { operation, raw } = await client.serverless.operation(id, { signal });
  const data = raw && typeof raw === 'object' && 'data' in raw ? (raw as { data: unknown }).data : raw;
  return { operation, data };
}

function notFound(ref: string, name: boolean): CliError {
  return new CliError(
    ExitCode.NOT_FOUND,
    name ? `no operation "${ref}", and no container by that name or slug` : `no operation ${ref} (404 on ${endpointOf(ref)})`,
    "give an operation id (printed by 'infra serverless create' and 'update') or a container's id, name or slug ('infra serverless list')",
  );
}

/**
 * The operation a reference names (the rule at the top of this file). `pending` (the wait):
 * an id-shaped reference that answers 404 is returned without a read instead of refused.
 */
export async function findOperation(app: App, client: Client, ref: string, pending = false): Promise<Found> {
  const signal = app.ctx.signal;
  try {
    return { id: ref, read: await readOnce(client, ref, signal) };
  } catch (err) {
    if (!(err instanceof NotFoundError)) throw err;
    if (looksLikeId(ref, 'uuid')) {
      if (pending) return { id: ref };
      throw notFound(ref, false);
    }
  }
  let id: string;
  try {
    id = await client.serverless.resolveId(ref, { signal });
  } catch (err) {
    if (err instanceof NotFoundError) throw notFound(ref, true);
    throw err;
  }
  // A container that exists but whose operation is not there yet: the wait's grace covers it.
  try {
    return { id, name: ref, read: await readOnce(client, id, signal) };
  } catch (err) {
    if (!(err instanceof NotFoundError)) throw err;
    if (pending) return { id, name: ref };
    throw new CliError(ExitCode.NOT_FOUND, `container ${ref} (${id}) has no operation (404 on ${endpointOf(id)})`, `it may appear in a few seconds: infra operations wait ${ref}`);
  }
}

/**
 * An operation in the status model's words (docs/behaviour.md#api-status): `terminal` is the stop rule, `state`
 * the outcome (succeeded, failed, cancelled), `poll_after_ms` the server's pacing (null once
 * settled: the wait falls back to its own schedule).
 */
export function operationStatus(op: Operation, id: string): Resource {
  const terminal = op.terminal ?? undefined;
  const state = op.state ?? undefined;
  const e = op.error ?? undefined;
  return {
    id: op.operation_id ?? id,
    status_details: {
      summary: terminal ? (state ?? 'unknown') : 'in progress',
      stale: false,
      operation: { state, terminal, poll_after_ms: op.poll_after_ms ?? undefined },
      error: e ? { code: e.code ?? undefined, message: e.message ?? undefined, retryable: e.retryable ?? undefined, reason: typeof e.reason === 'string' ? e.reason : undefined } : null,
    },
  };
}

/** `yes: a retry may help` / `no: retrying will not help` (the retryable column of docs/behaviour.md#api-failure-codes, as `serverless get` words it). */
export function retryableText(v: boolean | null | undefined): string | undefined {
  if (v === undefined || v === null) return undefined;
  return v ? 'yes: a retry may help' : 'no: retrying will not help';
}
