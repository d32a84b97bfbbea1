// Manual correlation (spec 4.2 rule 2): status_details, revisions[0] with Route readiness,
// and logs with a recent `since`, fetched in parallel so the whole takes about as long as
// the slowest single request. Only the container read is essential: a failed revisions or
// logs read becomes a finding, never a failed diagnosis.
import type { Client } from '../client/index.js';
import { AuthError, UnavailableError } from '../client/errors.js';
import type { ContainerView } from '../client/serverless.js';
import { correlate, type LocalFinding, type LogsRead, type RevisionsRead } from './rules.js';

export const LOCAL_LOG_WINDOW_MS = 15 * 60_000;
export const LOCAL_LOG_LIMIT = 50;

export interface LocalDiagnosis {
  container: ContainerView;
  findings: LocalFinding[];
}

export async function diagnoseLocally(client: Client, id: string, now: number, signal?: AbortSignal): Promise<LocalDiagnosis> {
  const since = new Date(now - LOCAL_LOG_WINDOW_MS).toISOString();
  const [container, revisions, logs] = await Promise.all([
    client.serverless.get(id, { signal }),
    readRevisions(client, id, signal),
    readLogs(client, id, since, signal),
  ]);
  return { container, findings: correlate({ status: container.status_details, revisions, logs, ref: String(container.id) }) };
}

async function readRevisions(client: Client, id: string, signal?: AbortSignal): Promise<RevisionsRead> {
  try {
    return { ok: true, data: (await client.diagnostics.revisions(id, { signal })).data };
  } catch (err) {
    if (signal?.aborted) throw err;
    return { ok: false, reason: (err as Error).message };
  }
}

async function readLogs(client: Client, id: string, since: string, signal?: AbortSignal): Promise<LogsRead> {
  try {
    const page = await client.diagnostics.logsPage(id, { since, limit: LOCAL_LOG_LIMIT, container: 'user-container' }, { signal });
    if (!page.data.available) return { ok: false, kind: 'unavailable', reason: 'the log store did not answer' };
    return { ok: true, entries: page.data.entries, since };
  } catch (err) {
    if (signal?.aborted) throw err;
    if (err instanceof AuthError && err.status === 403) return { ok: false, kind: 'forbidden', reason: err.message, permission: err.permission };
    if (err instanceof UnavailableError) return { ok: false, kind: 'unavailable', reason: err.message };
    return { ok: false, kind: 'error', reason: (err as Error).message };
  }
}
