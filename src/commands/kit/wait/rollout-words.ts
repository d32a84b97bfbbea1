// How a container's rollout wait speaks (docs/behaviour.md#waits-outcome, docs/behaviour.md#waits-timeout): the words the one verdict
// (src/wait/verdict.ts) puts into its sentences, its progress lines, and the command
// that resumes it. Hints name the container as the user did.
import type { StatusError } from '../../../client/schemas.js';
import type { Target } from '../../../wait/decide.js';
import type { Words } from '../../../wait/verdict.js';
import { exhaustive } from '../../../shared/exhaustive.js';
import { failureHint } from '../../../shared/hints.js';

export interface Subject {
  id: string;
  name: string;
  target: Target;
  /** The reference as the user typed it, where a command keeps it (an id stays an id). */
  ref?: string;
}

/** The container as the user would type it: their own reference, else its name, else the id. */
function typedRef(subject: Subject): string {
  return subject.ref || subject.name || subject.id;
}

/**
 * The command that resumes this wait (plus the project when it came from a flag): by
 * generation where the server sends them, else from the read before the change.
 */
export function resumeCommand(subject: Subject, project?: string, seenFresh = false): string {
  const p = project ? ` --project ${project}` : '';
  const { generation, baseline } = subject.target;
  const ref = typedRef(subject);
  if (generation !== undefined) return `infra serverless wait ${ref} --generation ${generation}${p}`;
  if (baseline && !seenFresh) {
    // observed_at alone cannot tell a finished rollout from a second look at the previous
    // one: the deployment count before the change lets the resumed wait see it finished.
    // Sent while another rollout ran, only a new deployment can tell (docs/behaviour.md#waits-running).
    const count = typeof baseline.deployment_count === 'number' ? ` --deployments-before ${baseline.deployment_count}` : '';
    if (baseline.settled === false && count) return `infra serverless wait ${ref}${count}${p}`;
    if (baseline.observed_at) return `infra serverless wait ${ref} --observed-after ${baseline.observed_at}${count}${p}`;
  }
  return `infra serverless wait ${ref}${p}`;
}

/** `generation 3 of web`, or `the change to web` where the server gives no generations. */
export function changeLabel(subject: Subject): string {
  return subject.target.generation !== undefined ? `generation ${subject.target.generation} of ${subject.name}` : `the change to ${subject.name}`;
}

export function rolloutWords(subject: Subject): Words {
  const gen = changeLabel(subject);
  const { id } = subject;
  const g = subject.target.generation;
  return {
    waitingFor: gen,
    ended: `rollout of ${gen}`,
    goesOn: 'the rollout',
    done: (summary, took) => `${g !== undefined ? gen : `the rollout of ${subject.name}`} is ${summary === 'ready' ? 'ready' : 'rolled out'} (${took})`,
    degraded: `rollout of ${gen} degraded: the new revision failed while the previous revision keeps serving`,
    notes: (r, summary) => {
      const d = r.container?.status_details ?? undefined;
      const notes: string[] = [];
      if (summary !== 'ready') notes.push(`the rollout succeeded, and the container's summary is now "${summary}"`);
      if (d?.health === 'unhealthy' || d?.health === 'degraded') notes.push(`health is ${d.health}: the revision is ready but the URL may not serve; run 'infra serverless diagnose ${id}'`);
      if (r.decision?.merged) notes.push(`later changes were rolled out together with it (observed generation ${r.decision.observedGeneration})`);
      return notes;
    },
    advice: (outcome, err) => {
      switch (outcome) {
        // Hints name the container as the user did (its name), not the id they never typed.
        case 'degraded':
          return degradedHint(err, subject.name || id);
        case 'failed':
          return failedHint(err, subject.name || id);
        case 'cancelled':
          return `nothing of this change is serving; send it again (infra serverless redeploy ${id}) to retry`;
        case 'impossible':
          return `look at the container with: infra serverless get ${id}`;
        default:
          return exhaustive(outcome);
      }
    },
    phase: (d, read) => {
      const health = read.status_details?.health;
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
    },
  };
}

/** The words of waiting for a rollout that was already running before a change is sent (docs/behaviour.md#waits-running). */
export function runningWords(name: string, id: string): Words {
  const words = rolloutWords({ id, name, target: {} });
  return {
    ...words,
    waitingFor: `the running rollout of ${name} to finish`,
    ended: `the running rollout of ${name}`,
    done: (summary, took) => `the running rollout of ${name} ended ${summary} (${took})`,
  };
}

/** docs/behaviour.md#waits-outcome: the previous revision serves; unless the error is retryable, the same configuration fails again. */
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
