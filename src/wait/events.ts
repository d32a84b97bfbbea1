// `--progress json`: a wait's progress as NDJSON events, one object per line on stderr, for
// CI systems and dashboards that follow a rollout without parsing prose. An event is written
// whenever what a person would see changes (phase, summary, health or operation state), then
// one final event with the outcome. Pure apart from the `write` it is given.
import type { Evidence } from './decide.js';
import type { StatusRead, WaitEvent, WaitOutcome, WaitResult } from './poller.js';
import type { WaitPhase } from './decide.js';

export interface ProgressEvent {
  time: string;
  id: string;
  name: string;
  /** The change's spec_generation; null on servers without generations and for operations. */
  generation: number | null;
  /**
   * queued, rolling_out, stale, previous_rollout, read_error; `done` on the final event. An
   * operation's wait names its action instead of rolling_out: creating, stopping, deleting...
   */
  phase: string;
  summary: string | null;
  health: string | null;
  /** status_details.operation.state */
  operation: string | null;
  elapsed_seconds: number;
  /** The final event only. */
  outcome?: WaitOutcome;
  evidence?: Evidence | null;
  /** A read that failed (phase read_error). */
  error?: string;
}

export interface EventSubject {
  id: string;
  name: string;
  generation?: number;
  /** Renames a phase for the event (an operation's `stopping` instead of `rolling_out`). */
  words?: { eventPhase?(phase: WaitPhase): string };
}

export interface EventSink {
  /** Writes an event when it differs from the last one written. */
  event(e: WaitEvent): void;
  /** The final event. */
  final(r: WaitResult): void;
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

export function eventStream(subject: EventSubject, write: (line: string) => void, now: () => number): EventSink {
  let last = '';
  let lastRead: StatusRead | undefined;
  const make = (phase: string, read: StatusRead | undefined, elapsedMs: number): ProgressEvent => {
    const d = read?.status_details ?? undefined;
    return {
      time: new Date(now()).toISOString(),
      id: subject.id,
      name: subject.name,
      generation: subject.generation ?? null,
      phase,
      summary: d?.summary ?? null,
      health: d?.health ?? null,
      operation: d?.operation?.state ?? null,
      elapsed_seconds: seconds(elapsedMs),
    };
  };
  const emit = (e: ProgressEvent) => write(JSON.stringify(e));
  return {
    event(e) {
      if (e.type === 'slowdown') return;
      const phase = (p: WaitPhase) => subject.words?.eventPhase?.(p) ?? p;
      const ev = e.type === 'status' ? make(phase(e.decision.phase), e.container, e.elapsedMs) : { ...make('read_error', lastRead, e.elapsedMs), error: e.error.message };
      if (e.type === 'status') lastRead = e.container;
      const key = JSON.stringify([ev.phase, ev.summary, ev.health, ev.operation, ev.error ?? null]);
      if (key === last) return;
      last = key;
      emit(ev);
    },
    final(r) {
      emit({ ...make('done', r.container ?? lastRead, r.elapsedMs), outcome: r.outcome, evidence: r.evidence ?? null });
    },
  };
}
