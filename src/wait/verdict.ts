// What the end of any wait says: the exit code, the message lines (docs/behaviour.md#waits-outcome, docs/behaviour.md#waits-timeout) and
// the one JSON object of `--json` (docs/behaviour.md#waits-json). One module for every subject: a rollout,
// a product's operation, a run, a restore. The subject supplies its words (what is waited
// for, how success reads, where to look next); the rules about which outcome gives which
// exit code, and how a timeout or an interruption is said, live here once. Pure.
import { ExitCode } from '../shared/exit-codes.js';
import { formatDuration } from '../shared/duration.js';
import type { StatusDetails, StatusError } from '../client/schemas.js';
import type { Evidence, Target, WaitPhase } from './decide.js';
import type { WaitEvent, WaitingDecision, WaitOutcome, WaitResult, StatusRead } from './poller.js';

/** How a subject speaks. No command names here: the subject's builder supplies them. */
export interface Words {
  /** What is waited for: `generation 3 of web`, `the change to web`, `the start of db-1`. */
  waitingFor: string;
  /** What ended, as the subject of a sentence: `rollout of generation 3 of web`, `start of db-1`. */
  ended: string;
  /** What goes on server-side after a timeout: `the rollout`, `it`. */
  goesOn: string;
  /** The success line. */
  done(summary: string, took: string, r: WaitResult): string;
  /** The message of a degraded end. */
  degraded: string;
  /** Remarks on success (a summary other than ready, an unhealthy URL, merged changes). */
  notes?(r: WaitResult, summary: string): string[];
  /** The hint after an end that is not a success, or when the reads cannot tell. */
  advice(outcome: 'degraded' | 'failed' | 'cancelled' | 'impossible', err: StatusError | undefined): string | undefined;
  /** The progress line of a read that does not end the wait. */
  phase(d: WaitingDecision, read: StatusRead): string;
  /**
   * An interrupted wait in the subject's own words, where `<goesOn> goes on server-side` and
   * the resume hint say too little (a run: it keeps going, and can be cancelled).
   */
  interrupted?: { clause: string; hint: string };
  /**
   * The `phase` of a `--progress json` event, where the engine's own name would mislead
   * (a stop is no rollout: `stopping`, not `rolling_out`). Unset: the engine's name.
   */
  eventPhase?(phase: WaitPhase): string;
}

export interface Verdict {
  exitCode: ExitCode;
  /** Success line (exit 0) or the `error:` message. */
  message: string;
  details?: string[];
  hint?: string;
  /** Remarks for stderr on success. */
  notes: string[];
}

export interface VerdictOptions {
  timeoutMs: number;
  /** The command that resumes the wait. */
  resume: string;
  /** The read that lacked what the wait needs, named when the reads cannot tell. */
  endpoint: string;
  /** Interrupted by SIGTERM (143) rather than Ctrl-C (130). */
  terminated?: boolean;
}

export function verdict(w: Words, name: string, id: string, r: WaitResult, opts: VerdictOptions): Verdict {
  const took = formatDuration(r.elapsedMs);
  const d = r.container?.status_details ?? undefined;
  const err = r.decision?.error ?? d?.error ?? undefined;
  const details = errorLines(err);
  switch (r.outcome) {
    case 'ready': {
      const summary = r.decision?.summary ?? d?.summary ?? 'ready';
      return { exitCode: ExitCode.OK, message: w.done(summary, took, r), notes: w.notes?.(r, summary) ?? [] };
    }
    case 'deleted':
      return { exitCode: ExitCode.OK, message: `${name} is deleted (${took})`, notes: [] };
    case 'degraded':
      return { exitCode: ExitCode.DEGRADED, message: w.degraded, details, hint: w.advice('degraded', err), notes: [] };
    case 'cancelled':
      return { exitCode: ExitCode.FAILED, message: `${w.ended} was cancelled`, details, hint: w.advice('cancelled', err), notes: [] };
    case 'failed': {
      if (r.deleted) return { exitCode: ExitCode.FAILED, message: `${name} (id ${id}) was deleted while waiting for ${w.waitingFor} (404)`, notes: [] };
      const unknown = r.decision?.unknownState ? [`  the operation ended in state "${d?.operation?.state ?? ''}", which this client does not know`] : [];
      return { exitCode: ExitCode.FAILED, message: `${w.ended} failed${err?.code ? `: ${err.code}` : ''}`, details: [...details, ...unknown], hint: w.advice('failed', err), notes: [] };
    }
    case 'impossible':
      return {
        exitCode: ExitCode.FAILED,
        message: `cannot wait for ${w.waitingFor}: ${opts.endpoint} answers without "${r.missing ?? 'status_details'}", so nothing tells when ${w.goesOn} is done (the legacy status string is not a stop signal)`,
        hint: w.advice('impossible', undefined),
        notes: [],
      };
    case 'timeout':
      return {
        exitCode: ExitCode.TIMEOUT,
        message: `timed out after ${formatDuration(opts.timeoutMs)} waiting for ${w.waitingFor}; ${w.goesOn} goes on server-side${r.lastError ? ` (last error: ${r.lastError.message})` : ''}`,
        hint: `resume waiting with: ${opts.resume}`,
        notes: [],
      };
    case 'interrupted':
      return {
        exitCode: opts.terminated ? ExitCode.TERMINATED : ExitCode.INTERRUPTED,
        message: `${opts.terminated ? 'terminated' : 'interrupted'} while waiting for ${w.waitingFor}; ${w.interrupted?.clause ?? `${w.goesOn} goes on server-side`}`,
        hint: w.interrupted?.hint ?? `resume waiting with: ${opts.resume}`,
        notes: [],
      };
  }
}

export function errorLines(err: StatusError | undefined): string[] {
  if (!err) return [];
  return [...(err.code ? [`  code:    ${err.code}`] : []), ...(err.reason ? [`  reason:  ${err.reason}`] : []), ...(err.message ? [`  message: ${err.message}`] : [])];
}

/** The progress line for an event: stable per phase, so pipes get one line per change. */
export function progressText(e: WaitEvent, w: Words): string {
  if (e.type === 'error') return `could not read the status (${e.error.message}); still waiting`;
  if (e.type === 'slowdown') return `rate limit running low (${e.rateLimit.remaining ?? '?'} requests left): polling less often`;
  return w.phase(e.decision, e.container);
}

export interface FinalJson {
  id: string;
  spec_generation: number | null;
  observed_generation: number | null;
  outcome: WaitOutcome;
  /** Which evidence decided (docs/behaviour.md#waits-without-generations): `generation`, `operation`, `fresh_observation` or `settled`; null when nothing was decided. */
  evidence: Evidence | null;
  elapsed_seconds: number;
  status_details: StatusDetails | null;
}

export function finalJson(id: string, target: Target, r: WaitResult): FinalJson {
  const c = r.container;
  return {
    id,
    spec_generation: target.generation ?? null,
    observed_generation: c?.observed_generation ?? null,
    outcome: r.outcome,
    evidence: r.evidence ?? null,
    elapsed_seconds: Math.round(r.elapsedMs / 100) / 10,
    status_details: c?.status_details ?? null,
  };
}
