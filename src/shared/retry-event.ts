// The `--progress json` event of a wait before a retry (a rate limit, a busy API): phase
// read_error, what and how long in `error`. Shared by the CLI, which writes it from the first
// request on, and the waits, which name their subject once they begin.

export interface RetryEventSubject {
  id: string | null;
  name: string | null;
  generation?: number | null;
}

export function retryEvent(subject: RetryEventSubject, error: string, now: number, startedAt: number) {
  return {
    time: new Date(now).toISOString(),
    id: subject.id,
    name: subject.name,
    generation: subject.generation ?? null,
    phase: 'read_error',
    summary: null,
    health: null,
    operation: null,
    elapsed_seconds: Math.round((now - startedAt) / 100) / 10,
    error,
  };
}
