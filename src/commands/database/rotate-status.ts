// A password rotation in the status model's words, so the one wait engine (src/commands/kit/wait/)
// follows it: GET .../credentials reports the rotation of each role (`credential_rotation`,
// `superuser_credential_rotation`) with a `status` and, when it failed, an `error`.
import type { App } from '../../cli/app.js';
import type { Client } from '../../client/index.js';
import type { Rotation, RotationCredentials } from '../../client/databases.js';
import type { Resource } from '../../client/resources.js';
import { waitForOperation } from '../kit/wait/operation.js';
import { type WaitFlags } from '../kit/wait/flags.js';
import { DATABASE } from './family.js';

type Details = NonNullable<Resource['status_details']>;

const DONE = new Set(['completed', 'succeeded', 'success', 'done']);
const FAILED = new Set(['failed', 'error']);
const CANCELLED = new Set(['cancelled', 'canceled']);
const QUEUED = new Set(['pending', 'queued', 'requested']);

/** A rotation's status → terminal or not, and how it ended; an unknown word is still in flight. */
export function rotationStatus(r: Rotation): Resource {
  const status = (r.status ?? '').toLowerCase();
  const base = { stale: false, health: 'unknown', error: null } as const;
  let d: Details;
  if (DONE.has(status)) d = { ...base, summary: 'ready', health: 'healthy', operation: { state: 'succeeded', terminal: true } };
  else if (FAILED.has(status))
    d = {
      ...base,
      summary: 'failed',
      operation: { state: 'failed', terminal: true },
      error: { code: 'database.credential_rotation_failed', message: r.error ?? 'the rotation failed', retryable: true },
    };
  else if (CANCELLED.has(status)) d = { ...base, summary: 'failed', operation: { state: 'cancelled', terminal: true } };
  else d = { ...base, summary: QUEUED.has(status) ? 'pending' : 'in_progress', operation: { state: QUEUED.has(status) ? 'queued' : 'running', terminal: false } };
  return { id: r.id, name: r.role ?? undefined, status: r.status ?? undefined, status_details: d };
}

/** The rotation of a role in the credentials answer (by id when known: a newer one may have replaced it). */
export function rotationOf(c: RotationCredentials, role: string | undefined, id?: string): Rotation | undefined {
  const both = [c.credential_rotation, c.superuser_credential_rotation].filter((r): r is Rotation => !!r);
  if (id !== undefined) return both.find((r) => r.id === id);
  return role === 'superuser' ? (c.superuser_credential_rotation ?? undefined) : (c.credential_rotation ?? undefined);
}

/** The password a finished rotation of `role` set, when the answer carries it. */
export function newSecret(c: RotationCredentials, role: string | undefined): string | undefined {
  return (role === 'superuser' ? c.password : c.application_user?.password) ?? undefined;
}

export interface RotationTarget {
  databaseId: string;
  databaseName: string;
  rotationId?: string;
  role?: string;
}

/**
 * Waits for a rotation to end; `last` receives every credentials read (the final one carries
 * the new password). Resumed with `infra database credentials wait <id> --role R`.
 */
export function waitForRotation(app: App, client: Client, t: RotationTarget, flags: WaitFlags, last: (c: RotationCredentials) => void): Promise<number> {
  const role = t.role ? ` --role ${t.role}` : '';
  const subject = {
    command: 'database',
    noun: 'password rotation',
    id: t.rotationId ?? t.databaseId,
    name: t.databaseName,
    verb: `${t.role ? `${t.role} ` : ''}password rotation`,
    // A rotation this client just started, or the one in flight now: nothing earlier to confuse it with.
    target: { baseline: null },
    resumeCommand: `infra database credentials wait ${t.databaseId}${role}`,
    look: `'infra database credentials ${t.databaseId} --json' shows the rotation's status and error`,
  };
  const endpoint = `GET /api/v1/database/${t.databaseId}/credentials`;
  return waitForOperation(app, client, DATABASE, subject, flags, {
    endpoint,
    fetch: async (signal) => {
      const { value } = await client.databases.rotationCredentials(t.databaseId, { signal });
      last(value);
      const r = rotationOf(value, t.role, t.rotationId);
      // No such rotation: no status, so the wait says it cannot tell instead of guessing.
      return r ? rotationStatus(r) : { id: t.rotationId ?? t.databaseId };
    },
  });
}
