// What the end of a wait on a product's operation says (create, start, stop, reboot,
// reinstall, update, delete, restore, clone, deploy): the same engine and exit codes as a
// rollout (contract 6), in the words of the operation. Pure, like report.ts.
import type { StatusError } from '../client/schemas.js';
import { formatDuration } from '../shared/duration.js';
import { ExitCode } from '../shared/exit-codes.js';
import type { Target } from './decide.js';
import type { WaitEvent, WaitResult } from './poller.js';
import type { Verdict } from './report.js';
import { failureHint } from '../shared/hints.js';

export interface OperationSubject {
  /** The command family (`vps`, `database`), for the commands named in hints. */
  command: string;
  /** `VPS`, `database`. */
  noun: string;
  id: string;
  name: string;
  /** `start`, `stop`, `create`, `delete`. */
  verb: string;
  target: Target;
  /**
   * The command that resumes the wait, where it is not `infra <command> wait <id>` (a recovery
   * point, a restore operation, the cache a clone creates); the flags are appended as usual.
   */
  resumeCommand?: string;
  /** Where to look after a failure (default: `infra <command> diagnose|events <id>`). */
  look?: string;
  /**
   * The container a failure code of spec 7.2 is about (an operation of GET /operations/{id}):
   * the hint then says what to fix, and whether a retry can help, as that table does.
   */
  failureRef?: string;
}

/** `infra vps wait <id> [--observed-after TS]` (plus the project when it came from a flag). */
export function operationResume(s: OperationSubject, project?: string, seenFresh = false): string {
  const p = project ? ` --project ${project}` : '';
  const after = s.target.baseline && !seenFresh && s.target.baseline.observed_at ? ` --observed-after ${s.target.baseline.observed_at}` : '';
  const gone = s.verb === 'delete' ? ' --deleted' : '';
  return `${s.resumeCommand ?? `infra ${s.command} wait ${s.id}`}${after}${gone}${p}`;
}

export function operationVerdict(s: OperationSubject, r: WaitResult, opts: { timeoutMs: number; resume: string; endpoint: string; terminated?: boolean }): Verdict {
  const what = `${s.verb} of ${s.name}`;
  const took = formatDuration(r.elapsedMs);
  const d = r.container?.status_details ?? undefined;
  const err = d?.error ?? undefined;
  switch (r.outcome) {
    case 'deleted':
      return { exitCode: ExitCode.OK, message: `${s.name} is deleted (${took})`, notes: [] };
    case 'ready':
      return { exitCode: ExitCode.OK, message: `${what} finished: ${d?.summary ?? 'ready'} (${took})`, notes: [] };
    case 'degraded':
      return { exitCode: ExitCode.DEGRADED, message: `${what} ended degraded`, details: errorLines(err), hint: failedHint(s, err), notes: [] };
    case 'cancelled':
      return { exitCode: ExitCode.FAILED, message: `${what} was cancelled`, details: errorLines(err), notes: [] };
    case 'failed':
      if (r.deleted) return { exitCode: ExitCode.FAILED, message: `${s.name} (id ${s.id}) disappeared while waiting for the ${what} (404)`, notes: [] };
      return { exitCode: ExitCode.FAILED, message: `${what} failed${err?.code ? `: ${err.code}` : ''}`, details: errorLines(err), hint: failedHint(s, err), notes: [] };
    case 'impossible':
      return {
        exitCode: ExitCode.FAILED,
        message: `cannot wait for the ${what}: ${opts.endpoint} answers without "${r.missing ?? 'status_details'}", so nothing tells when it is done`,
        hint: s.look ?? `look at it with: infra ${s.command} get ${s.id}`,
        notes: [],
      };
    case 'timeout':
      return { exitCode: ExitCode.TIMEOUT, message: `timed out after ${formatDuration(opts.timeoutMs)} waiting for the ${what}; it goes on server-side`, hint: `resume waiting with: ${opts.resume}`, notes: [] };
    case 'interrupted':
      return {
        exitCode: opts.terminated ? ExitCode.TERMINATED : ExitCode.INTERRUPTED,
        message: `${opts.terminated ? 'terminated' : 'interrupted'} while waiting for the ${what}; it goes on server-side`,
        hint: `resume waiting with: ${opts.resume}`,
        notes: [],
      };
  }
}

function errorLines(err: StatusError | undefined): string[] {
  if (!err) return [];
  return [...(err.code ? [`  code:    ${err.code}`] : []), ...(err.reason ? [`  reason:  ${err.reason}`] : []), ...(err.message ? [`  message: ${err.message}`] : [])];
}

/** `'infra vps diagnose <id>' and 'infra vps events <id>' say more`: where to look after a failure. */
export function lookWith(command: string, verbs: readonly string[], id: string): string {
  return `${verbs.map((v) => `'infra ${command} ${v} ${id}'`).join(' and ')} ${verbs.length > 1 ? 'say' : 'says'} more`;
}

function failedHint(s: OperationSubject, err: StatusError | undefined): string {
  const look = s.look ?? lookWith(s.command, ['diagnose', 'events'], s.id);
  const h = s.failureRef && err?.code ? failureHint(err.code, s.failureRef) : undefined;
  // The server's word on retrying wins over the table's (they agree for every code of 7.2).
  if (h && (err?.retryable ?? h.retryable) === h.retryable) return `${h.hint}; ${look}`;
  if (err?.retryable === false) return `retrying will not help; ${look}`;
  if (err?.retryable === true) return `a retry may help; ${look}`;
  return look;
}

/** The progress line for an event of an operation wait. */
export function operationPhaseText(e: WaitEvent, s: OperationSubject): string {
  if (e.type === 'error') return `could not read the status (${e.error.message}); still waiting`;
  if (e.type === 'slowdown') return `rate limit running low (${e.rateLimit.remaining ?? '?'} requests left): polling less often`;
  const d = e.container.status_details;
  switch (e.decision.phase) {
    case 'previous_rollout':
      return `waiting for the platform to pick up the ${s.verb} of ${s.name}`;
    case 'stale':
      return `the status of ${s.name} is stale: waiting for a live one`;
    default:
      return `${s.verb} of ${s.name}: ${d?.summary ?? 'in progress'}${d?.operation?.state ? ` (${d.operation.state})` : ''}`;
  }
}
