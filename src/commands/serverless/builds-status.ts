// A container's build (GET /serverless/{id}/builds/latest) in the status model's words
// (docs/behaviour.md#api-status), so the one wait engine follows it from its read and words with the same exit codes
// and resume hints as every other operation: pending, cloning, building and pushing are in
// flight; succeeded, failed (its `error_message`) and cancelled are terminal. A status this
// client does not know is taken as in flight (the wait goes on, up to --timeout) rather than
// guessed finished.
import type { App } from '../../cli/app.js';
import type { Client } from '../../client/index.js';
import { BuildsApi, type Build } from '../../client/builds.js';
import type { Resource } from '../../client/resources.js';
import type { OperationSubject } from '../kit/wait/operation-words.js';
import { waitForRead } from '../kit/wait/operation.js';
import { type WaitFlags } from '../kit/wait/flags.js';

const IN_FLIGHT = new Set(['pending', 'queued', 'cloning', 'building', 'pushing']);

type Details = NonNullable<Resource['status_details']>;

/**
 * Pure: the latest build as a status. `previousId` is the latest build read before the upload:
 * while builds/latest still answers it (or nothing), the new build is not visible yet.
 */
export function buildStatus(b: Build | null, previousId: string | null | undefined, containerId: string): Resource {
  const waiting = (summary: string): Resource => ({ id: b?.id ?? containerId, status_details: { summary, stale: false, operation: { state: 'running', terminal: false }, error: null } as Details });
  if (!b || (previousId && b.id === previousId)) return waiting('pending');
  const status = (b.status ?? '').toLowerCase();
  const done = (state: string, summary: string, error: Details['error'] = null): Resource => ({
    id: b.id,
    status_details: { summary, stale: false, operation: { state, terminal: true }, error } as Details,
  });
  if (status === 'succeeded') return done('succeeded', 'succeeded');
  if (status === 'failed') return done('failed', 'failed', { message: b.error_message ?? 'the build failed without a message' });
  if (status === 'cancelled' || status === 'canceled') return done('cancelled', 'cancelled');
  return waiting(IN_FLIGHT.has(status) ? status : status || 'pending');
}

/** `#3 (01J...)` or the id alone. */
export function buildLabel(b: Pick<Build, 'id' | 'build_number'>): string {
  return b.build_number === undefined || b.build_number === null ? b.id : `#${b.build_number} (${b.id})`;
}

export interface BuildWait {
  id: string;
  name: string;
  /** The latest build before the upload (null: none, or not a deploy: follow whatever is latest). */
  previousId: string | null;
}

/** Follows the latest build of a container to its end (exit 0 succeeded, 1 failed or cancelled, 6 timeout). */
export async function waitForBuild(app: App, client: Client, w: BuildWait, flags: WaitFlags, json?: () => unknown): Promise<number> {
  const api = new BuildsApi(client.http);
  const project = app.settings.projectSource === 'flag' ? ` --project ${app.settings.project}` : '';
  let last: unknown = null;
  const subject: OperationSubject = {
    command: 'serverless',
    noun: 'build',
    id: w.id,
    name: w.name,
    verb: 'build',
    // A build is new: nothing earlier to confuse it with (previousId keeps the last one out).
    target: { baseline: null },
    resumeCommand: `infra serverless builds show ${w.id} --wait`,
    look: `fix what the build says (an archive needs a Dockerfile at its root), then deploy again; 'infra serverless builds show ${w.id}${project}' shows the build`,
  };
  return waitForRead(app, client, subject, flags, {
    endpoint: `GET /api/v1/serverless/${w.id}/builds/latest`,
    fetch: async (signal) => {
      const read = await api.latest(w.id, { signal });
      last = read.raw;
      return buildStatus(read.value, w.previousId, w.id);
    },
    json: () => (json ? json() : { build: last }),
  });
}
