// What the end of a wait says: the exit code and message lines (contract 6.4, 6.7) and the
// one JSON object of `--json` (contract 6.8). Pure: the command prints what this returns.
import { ExitCode } from '../cli/exit-codes.js';
import { formatDuration } from '../cli/duration.js';
import type { StatusDetails } from '../client/schemas.js';
import { failureHint } from './hints.js';
import type { WaitEvent, WaitOutcome, WaitResult } from './poller.js';

export interface Subject {
  id: string;
  name: string;
  target: number;
}

export interface FinalJson {
  id: number | string;
  spec_generation: number;
  observed_generation: number | null;
  outcome: WaitOutcome;
  elapsed_seconds: number;
  status_details: StatusDetails | null;
}

export function finalJson(subject: Subject, r: WaitResult): FinalJson {
  const c = r.container;
  return {
    id: c?.id ?? (/^\d+$/.test(subject.id) ? Number(subject.id) : subject.id),
    spec_generation: subject.target,
    observed_generation: c?.observed_generation ?? null,
    outcome: r.outcome,
    elapsed_seconds: Math.round(r.elapsedMs / 100) / 10,
    status_details: (c?.status_details as StatusDetails | undefined) ?? null,
  };
}

export interface Verdict {
  exitCode: ExitCode;
  /** Success line (exit 0) or the `error:` message. */
  message: string;
  details?: string[];
  hint?: string;
  /** Remarks for stderr on success (a summary other than ready, an unhealthy URL, merged changes). */
  notes: string[];
}

/** `infra serverless wait <id> --generation G` (plus the project when it came from a flag). */
export function resumeCommand(subject: Subject, project?: string): string {
  return `infra serverless wait ${subject.id} --generation ${subject.target}${project ? ` --project ${project}` : ''}`;
}

export function verdict(subject: Subject, r: WaitResult, opts: { timeoutMs: number; resume: string }): Verdict {
  const gen = `generation ${subject.target} of ${subject.name}`;
  const took = formatDuration(r.elapsedMs);
  const d = r.container?.status_details;
  const err = d?.error ?? undefined;
  const errorLines = err
    ? [
        `  code:    ${err.code}`,
        ...(err.reason ? [`  reason:  ${err.reason}`] : []),
        ...(err.message ? [`  message: ${err.message}`] : []),
      ]
    : [];
  switch (r.outcome) {
    case 'ready': {
      const notes: string[] = [];
      const summary = r.decision?.summary ?? d?.summary ?? 'ready';
      if (summary !== 'ready') notes.push(`the rollout succeeded, and the container's summary is now "${summary}"`);
      if (d?.health === 'unhealthy' || d?.health === 'degraded')
        notes.push(`health is ${d.health}: the revision is ready but the URL may not serve; run 'infra serverless diagnose ${subject.id}'`);
      if (r.decision?.merged) notes.push(`later changes were rolled out together with it (observed generation ${r.decision.observedGeneration})`);
      return { exitCode: ExitCode.OK, message: `${gen} is ${summary === 'ready' ? 'ready' : 'rolled out'} (${took})`, notes };
    }
    case 'degraded': {
      const h = err ? failureHint(err.code, subject.id) : undefined;
      return {
        exitCode: ExitCode.DEGRADED,
        message: `rollout of ${gen} degraded: the new revision failed while the previous revision keeps serving`,
        details: errorLines,
        // A redeploy cannot help here whatever the code says: the same configuration fails again.
        hint: `redeploying the same configuration fails the same way; ${h ? h.fix : `change the image or settings (infra serverless update ${subject.id})`}`,
        notes: [],
      };
    }
    case 'cancelled':
      return {
        exitCode: ExitCode.FAILED,
        message: `rollout of ${gen} was cancelled`,
        details: errorLines,
        hint: `nothing of this change is serving; send it again (infra serverless redeploy ${subject.id}) to retry`,
        notes: [],
      };
    case 'failed': {
      if (r.deleted) return { exitCode: ExitCode.FAILED, message: `${subject.name} (id ${subject.id}) was deleted while waiting for ${gen} (404)`, notes: [] };
      const unknown = r.decision?.unknownState ? [`  the operation ended in state "${d?.operation.state}", which this client does not know`] : [];
      return {
        exitCode: ExitCode.FAILED,
        message: `rollout of ${gen} failed${err ? `: ${err.code}` : ''}`,
        details: [...errorLines, ...unknown],
        hint: failedHint(err, subject.id),
        notes: [],
      };
    }
    case 'timeout':
      return {
        exitCode: ExitCode.TIMEOUT,
        message: `timed out after ${formatDuration(opts.timeoutMs)} waiting for ${gen}; the rollout goes on server-side${r.lastError ? ` (last error: ${r.lastError.message})` : ''}`,
        hint: `resume waiting with: ${opts.resume}`,
        notes: [],
      };
    case 'interrupted':
      return {
        exitCode: ExitCode.INTERRUPTED,
        message: `interrupted while waiting for ${gen}; the rollout goes on server-side`,
        hint: `resume waiting with: ${opts.resume}`,
        notes: [],
      };
  }
}

function failedHint(err: { code: string; retryable?: boolean | null } | undefined, id: string): string {
  if (!err) return `the API gave no error details; run 'infra serverless diagnose ${id}'`;
  const h = failureHint(err.code, id);
  if (h) return h.hint;
  if (err.retryable === false) return `retrying will not help; run 'infra serverless diagnose ${id}' to find the cause`;
  if (err.retryable === true) return `a redeploy may help (infra serverless redeploy ${id}); 'infra serverless diagnose ${id}' looks further`;
  return `run 'infra serverless diagnose ${id}' to find the cause`;
}

/** The progress line for an event: stable per phase, so pipes get one line per change. */
export function phaseText(e: WaitEvent, target: number): string {
  if (e.type === 'error') return `could not read the status (${e.error.message}); still waiting`;
  if (e.type === 'slowdown') return `rate limit running low (${e.rateLimit.remaining ?? '?'} requests left): polling less often`;
  const d = e.decision;
  const health = e.container.status_details.health;
  switch (d.phase) {
    case 'queued':
      return d.behind ? `generation ${target} queued behind another rollout (generation ${d.observedGeneration} is rolling out)` : `generation ${target} queued`;
    case 'previous_rollout':
      return `waiting for generation ${target} to start (the status still describes generation ${d.observedGeneration})`;
    case 'stale':
      return `the status is stale (no live source reachable): waiting for a live status of generation ${target}`;
    case 'rolling_out':
      return `rolling out generation ${target}${health ? ` (health: ${health})` : ''}`;
  }
}
