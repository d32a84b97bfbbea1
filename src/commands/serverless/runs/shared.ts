// What the runs and schedules commands share: the container a reference names, the client of
// the runs routes, their errors in the CLI's words, and a run in the status model's words so
// the one wait engine follows it.
import type { App } from '../../../cli/app.js';
import { CliError, UsageError } from '../../../cli/errors.js';
import { NotFoundError } from '../../../client/errors.js';
import type { Client } from '../../../client/index.js';
import type { Resource } from '../../../client/resources.js';
import { runsNotEnabled, RunsApi, type Run } from '../../../client/runs.js';
import { ExitCode } from '../../../shared/exit-codes.js';
import { isIdPrefix } from '../../../shared/short-id.js';

/** What a wait allows beyond a run's own time limit by default: queueing and start-up. */
export const WAIT_MARGIN_MS = 5 * 60_000;

export interface Target {
  client: Client;
  api: RunsApi;
  /** The container's id (what the routes take). */
  id: string;
  /** The reference as given (what hints repeat). */
  ref: string;
}

/** The container a reference (id, name or slug) names, and the runs client. */
export async function runsTarget(app: App, ref: string): Promise<Target> {
  const client = await app.client();
  const id = await client.serverless.resolveId(ref, { signal: app.ctx.signal });
  return { client, api: new RunsApi(client.http), id, ref };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The run a reference names: a full id as it is (no request), or a unique prefix of 8
 * characters or more, as `runs list` shows ids on a narrow terminal and as every other id is
 * accepted (src/shared/short-id.ts), looked up in the container's runs.
 */
export async function resolveRun(t: Target, ref: string, signal?: AbortSignal): Promise<string> {
  if (UUID.test(ref) || !isIdPrefix(ref)) return ref;
  const { value } = await runsCall(t, t.api.list(t.id, { signal }));
  const hits = value.filter((r) => r.id.toLowerCase().startsWith(ref.toLowerCase()));
  if (hits.length === 1) return hits[0]!.id;
  if (hits.length > 1) throw new UsageError(`the run id prefix ${ref} matches ${hits.length} runs of ${t.ref}: ${hits.map((r) => r.id).join(', ')}`, 'give more of the id');
  return ref;
}

/**
 * A call to a runs or schedules route, its errors said in the CLI's words: runs not enabled
 * for the account (404 with that code: exit 1, the account's setting, not a missing
 * resource), and a 404 without a code on a run or schedule (exit 5).
 */
export async function runsCall<T>(t: Target, call: Promise<T>, missing?: { noun: string; ref: string }): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (runsNotEnabled(err)) {
      throw new CliError(
        ExitCode.FAILED,
        `runs are not enabled for this account (404 serverless.runs_not_enabled on ${err.endpoint})`,
        'one-off runs and schedules need the feature on the account; ask the provider to enable it',
      );
    }
    if (missing && err instanceof NotFoundError) {
      throw new CliError(
        ExitCode.NOT_FOUND,
        `no ${missing.noun} ${missing.ref} on container ${t.ref} (404 on ${err.endpoint})`,
        missing.noun === 'run' ? `'infra serverless runs list ${t.ref}' lists them` : `'infra serverless schedules list ${t.ref}' lists them`,
      );
    }
    throw err;
  }
}

/** A command as a person would type it: words with spaces or quotes are quoted. */
export function commandText(command: readonly string[] | null | undefined): string {
  if (!command || command.length === 0) return '(image default)';
  return command.map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replaceAll("'", "'\\''")}'`)).join(' ');
}

const TERMINAL = new Set(['succeeded', 'failed', 'cancelled', 'timed_out']);

/**
 * A run in the status model's words (docs/behaviour.md#api-status): queued/running are not terminal; succeeded
 * is `succeeded`; failed, timed_out and cancelled are terminal with their own state. The
 * run's `terminal` is the stop rule where it is sent; its status otherwise.
 */
export function runStatus(run: Run): Resource {
  const status = run.status ?? undefined;
  const terminal = run.terminal ?? (status === undefined ? undefined : TERMINAL.has(status));
  const failed = terminal && status !== 'succeeded' && status !== 'cancelled';
  return {
    id: run.id,
    status,
    status_details: {
      summary: status ?? 'unknown',
      stale: false,
      operation: { state: status, terminal },
      error: failed ? { code: `run.${status ?? 'failed'}`, message: run.message ?? undefined, retryable: undefined } : null,
    },
  };
}

/** `infra serverless runs wait web <run>` and `... cancel ...`: what hints print. */
export function runCommands(ref: string, run: string): { wait: string; cancel: string; logs: string } {
  return { wait: `infra serverless runs wait ${ref} ${run}`, cancel: `infra serverless runs cancel ${ref} ${run}`, logs: `infra serverless runs logs ${ref} ${run}` };
}

/** `12s`, `3m 4s`: a run's duration. */
export function durationText(seconds: number | null | undefined): string {
  if (seconds === undefined || seconds === null) return '';
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m}m ${s % 60}s` : `${Math.floor(m / 60)}h ${m % 60}m`;
}
