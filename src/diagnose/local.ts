// Manual correlation (docs/behaviour.md#api-diagnose): status_details, the latest revision with Route
// readiness, and logs with a recent `since`, fetched in parallel so the whole takes about as
// long as the slowest single request. Only the container read is essential: a failed
// revisions or logs read becomes a finding, never a failed diagnosis.
import type { Client } from '../client/index.js';
import { containerPath, DIAGNOSTICS_PERMISSION } from '../client/diagnostics.js';
import { AuthError, UnavailableError } from '../client/errors.js';
import type { Container } from '../client/schemas.js';
import { need } from '../client/wire.js';
import { correlate, type LocalFinding, type LogsRead, type RevisionsRead } from './rules.js';

export const LOCAL_LOG_WINDOW_MS = 15 * 60_000;
export const LOCAL_LOG_LIMIT = 50;

export interface LocalDiagnosis {
  container: Container;
  findings: LocalFinding[];
}

export async function diagnoseLocally(client: Client, id: string, now: number, signal?: AbortSignal): Promise<LocalDiagnosis> {
  const since = new Date(now - LOCAL_LOG_WINDOW_MS).toISOString();
  const path = containerPath(id);
  const [read, revisions, logs] = await Promise.all([client.serverless.get(id, { signal }), readRevisions(client, path, signal), readLogs(client, path, since, signal)]);
  const status = need(read.container.status_details, read.endpoint, 'container.status_details');
  return { container: read.container, findings: correlate({ status, revisions, logs, ref: read.container.name ?? id }) };
}

async function readRevisions(client: Client, path: string, signal?: AbortSignal): Promise<RevisionsRead> {
  try {
    return { ok: true, data: (await client.diagnostics.revisions(path, { signal, permission: 'serverless:read' })).data };
  } catch (err) {
    if (signal?.aborted) throw err;
    return { ok: false, reason: (err as Error).message };
  }
}

async function readLogs(client: Client, path: string, since: string, signal?: AbortSignal): Promise<LogsRead> {
  try {
    const page = await client.diagnostics.logsPage(path, { since, limit: LOCAL_LOG_LIMIT, container: 'user-container' }, { signal, permission: DIAGNOSTICS_PERMISSION });
    if (!page.available) return { ok: false, kind: 'unavailable', reason: 'the log store did not answer' };
    return { ok: true, entries: page.entries, since };
  } catch (err) {
    if (signal?.aborted) throw err;
    if (err instanceof AuthError && err.status === 403) return { ok: false, kind: 'forbidden', reason: err.message, permission: err.permission };
    if (err instanceof UnavailableError) return { ok: false, kind: 'unavailable', reason: err.message };
    return { ok: false, kind: 'error', reason: (err as Error).message };
  }
}
