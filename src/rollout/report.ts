// What the end of a wait says: the exit code and message lines (contract 6.4, 6.7) and the
// one JSON object of `--json` (contract 6.9). Pure: the command prints what this returns.
import { ExitCode } from '../shared/exit-codes.js';
import { formatDuration } from '../shared/duration.js';
import type { StatusDetails, StatusError } from '../client/schemas.js';
import type { Baseline, Evidence, Target } from './decide.js';
import { failureHint } from '../shared/hints.js';
import type { StatusRead, WaitEvent, WaitOutcome, WaitResult } from './poller.js';

export interface Subject {
  id: string;
  name: string;
  target: Target;
}

export interface FinalJson {
  id: string;
  spec_generation: number | null;
  observed_generation: number | null;
  outcome: WaitOutcome;
  /** Which evidence decided (contract 6.8): `generation`, `fresh_observation` or `settled`; null when nothing was decided. */
  evidence: Evidence | null;
  elapsed_seconds: number;
  status_details: StatusDetails | null;
}

export function finalJson(subject: Subject, r: WaitResult): FinalJson {
  const c = r.container;
  return {
    id: subject.id,
    spec_generation: subject.target.generation ?? null,
    observed_generation: c?.observed_generation ?? null,
    outcome: r.outcome,
    evidence: r.evidence ?? null,
    elapsed_seconds: Math.round(r.elapsedMs / 100) / 10,
    status_details: c?.status_details ?? null,
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

/**
 * The command that resumes this wait (plus the project when it came from a flag): by
 * generation where the server sends them, else from the read before the change.
 */
export function resumeCommand(subject: Subject, project?: string, seenFresh = false): string {
  const p = project ? ` --project ${project}` : '';
  const { generation, baseline } = subject.target;
  if (generation !== undefined) return `infra serverless wait ${subject.id} --generation ${generation}${p}`;
  if (baseline && !seenFresh && baseline.observed_at) return `infra serverless wait ${subject.id} --observed-after ${baseline.observed_at}${p}`;
  return `infra serverless wait ${subject.id}${p}`;
}

/** `generation 3 of web`, or `the change to web` where the server gives no generations. */
export function changeLabel(subject: Subject): string {
  return subject.target.generation !== undefined ? `generation ${subject.target.generation} of ${subject.name}` : `the change to ${subject.name}`;
}

export function verdict(subject: Subject, r: WaitResult, opts: { timeoutMs: number; resume: string; endpoint?: string; terminated?: boolean }): Verdict {
  const gen = changeLabel(subject);
  const took = formatDuration(r.elapsedMs);
  const d = r.container?.status_details ?? undefined;
  const err = d?.error ?? undefined;
  const errorLines = err
    ? [
        ...(err.code ? [`  code:    ${err.code}`] : []),
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
      const what = subject.target.generation !== undefined ? gen : `the rollout of ${subject.name}`;
      return { exitCode: ExitCode.OK, message: `${what} is ${summary === 'ready' ? 'ready' : 'rolled out'} (${took})`, notes };
    }
    case 'degraded':
      return {
        exitCode: ExitCode.DEGRADED,
        message: `rollout of ${gen} degraded: the new revision failed while the previous revision keeps serving`,
        details: errorLines,
        hint: degradedHint(err, subject.name || subject.id),
        notes: [],
      };
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
      const unknown = r.decision?.unknownState ? [`  the operation ended in state "${d?.operation?.state ?? ''}", which this client does not know`] : [];
      return {
        exitCode: ExitCode.FAILED,
        message: `rollout of ${gen} failed${err?.code ? `: ${err.code}` : ''}`,
        details: [...errorLines, ...unknown],
        hint: failedHint(err, subject.name || subject.id),
        notes: [],
      };
    }
    case 'deleted':
      return { exitCode: ExitCode.OK, message: `${subject.name} is deleted (${took})`, notes: [] };
    case 'impossible':
      return {
        exitCode: ExitCode.FAILED,
        message: `cannot wait for ${gen}: ${opts.endpoint ?? 'the status read'} answers without "${r.missing ?? 'status_details'}", so nothing tells when the rollout is done (the legacy status string is not a stop signal)`,
        hint: `look at the container with: infra serverless get ${subject.id}`,
        notes: [],
      };
    case 'timeout':
      return {
        exitCode: ExitCode.TIMEOUT,
        message: `timed out after ${formatDuration(opts.timeoutMs)} waiting for ${gen}; the rollout goes on server-side${r.lastError ? ` (last error: ${r.lastError.message})` : ''}`,
        hint: `resume waiting with: ${opts.resume}`,
        notes: [],
      };
    case 'interrupted':
      return {
        exitCode: opts.terminated ? ExitCode.TERMINATED : ExitCode.INTERRUPTED,
        message: `${opts.terminated ? 'terminated' : 'interrupted'} while waiting for ${gen}; the rollout goes on server-side`,
        hint: `resume waiting with: ${opts.resume}`,
        notes: [],
      };
  }
}

/** Contract 6.4: the previous revision serves; unless the error is retryable, the same configuration fails again. */
function degradedHint(err: StatusError | undefined, id: string): string {
  const h = err?.code ? failureHint(err.code, id) : undefined;
  const retryable = err?.retryable ?? h?.retryable;
  if (retryable === true) return `${h ? `${h.fix}; ` : ''}the failure is retryable: a redeploy may help (infra serverless redeploy ${id})`;
  return `redeploying the same configuration fails the same way; ${h ? h.fix : `change the image or settings (infra serverless update ${id})`}`;
}

function failedHint(err: StatusError | undefined, id: string): string {
  if (!err?.code) return `the API gave no error details; run 'infra serverless diagnose ${id}'`;
  const h = failureHint(err.code, id);
  if (h) return h.hint;
  if (err.retryable === false) return `retrying will not help; run 'infra serverless diagnose ${id}' to find the cause`;
  if (err.retryable === true) return `a redeploy may help (infra serverless redeploy ${id}); 'infra serverless diagnose ${id}' looks further`;
  return `run 'infra serverless diagnose ${id}' to find the cause`;
}

/** The progress line for an event: stable per phase, so pipes get one line per change. */
export function phaseText(e: WaitEvent, subject: Subject): string {
  if (e.type === 'error') return `could not read the status (${e.error.message}); still waiting`;
  if (e.type === 'slowdown') return `rate limit running low (${e.rateLimit.remaining ?? '?'} requests left): polling less often`;
  const d = e.decision;
  const health = e.container.status_details?.health;
  const g = subject.target.generation;
  const what = g !== undefined ? `generation ${g}` : 'the change';
  switch (d.phase) {
    case 'queued':
      return d.behind ? `${what} queued behind another rollout${d.observedGeneration !== undefined ? ` (generation ${d.observedGeneration} is rolling out)` : ''}` : `${what} queued`;
    case 'previous_rollout':
      return g !== undefined && d.observedGeneration !== undefined
        ? `waiting for generation ${g} to start (the status still describes generation ${d.observedGeneration})`
        : 'waiting for the platform to observe the change (the status still describes the previous rollout)';
    case 'stale':
      return `the status is stale (no live source reachable): waiting for a live status of ${what}`;
    case 'rolling_out':
      return `rolling out ${what}${health ? ` (health: ${health})` : ''}`;
  }
}

export type { Baseline, StatusRead };
