// Never silent while the API keeps us waiting: a request without an answer after 2 s gets a
// spinner on a terminal (what it waits for, the seconds ticking); piped, one line after 10 s.
// Before the request's time limit expires it says so ("no answer ... for 30s; giving up at
// 60s"), on a terminal and piped alike. A wait's own spinner (a rollout) already speaks: no
// second spinner is started over it. Timers and the clock are injected (tests move them).
import { formatDuration } from '../shared/duration.js';
import type { Progress } from './progress.js';

/** On a terminal, a request quiet for this long gets a spinner. */
export const SPINNER_AFTER_MS = 2_000;
/** Piped (CI logs), a request quiet for this long gets one line. */
export const LINE_AFTER_MS = 10_000;

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface RequestWatchOptions {
  /** A spinner can run (a terminal, a person, not CI). */
  live: boolean;
  quiet: boolean;
  /** One plain line on stderr (piped). */
  line(text: string): void;
  /** A spinner showing `text`, whose elapsed time from `startedAt` ticks by itself (output/progress.ts). */
  spinner(text: string, startedAt: number): Promise<Progress>;
  now(): number;
  /** Whether another progress display is on screen (a wait's spinner). */
  busy(): boolean;
  timers: Timers;
}

/** When to speak, for a request with this time limit: pure, so the schedule is tested as a table. */
export type NoticeKind = 'spinner' | 'line' | 'limit';

export function notices(live: boolean, limitMs: number): { atMs: number; kind: NoticeKind }[] {
  const half = Math.floor(limitMs / 2);
  const first: { atMs: number; kind: NoticeKind } = live ? { atMs: SPINNER_AFTER_MS, kind: 'spinner' } : { atMs: LINE_AFTER_MS, kind: 'line' };
  const out = first.atMs < limitMs ? [first] : [];
  // The limit is said once, halfway, unless the first notice is not yet out by then (then it says it).
  if (half > first.atMs) out.push({ atMs: half, kind: 'limit' });
  return out;
}

/** What is said: the endpoint, how long it has been, and when the client gives up. */
export function waitingText(endpoint: string, elapsedMs: number, limitMs: number, kind: NoticeKind): string {
  const limit = formatDuration(limitMs);
  if (kind === 'spinner') return `waiting for an answer from ${endpoint} (gives up at ${limit})`;
  return `no answer from ${endpoint} for ${formatDuration(Math.floor(elapsedMs / 1000) * 1000)}; giving up at ${limit}`;
}

export class RequestWatch {
  constructor(private readonly opts: RequestWatchOptions) {}

  /** A request starts; the function returned ends its watch (answer, error or abort). */
  begin(endpoint: string, limitMs: number): () => void {
    if (this.opts.quiet) return () => {};
    let ended = false;
    let spinner: Progress | undefined;
    const startedAt = this.opts.now();
    const handles = notices(this.opts.live, limitMs).map((n) =>
      this.opts.timers.set(() => {
        if (ended) return;
        const text = waitingText(endpoint, n.atMs, limitMs, n.kind);
        if (n.kind === 'line' || (n.kind === 'limit' && !this.opts.live)) return this.opts.line(text);
        // A wait's spinner is on screen: a line written under it would be torn by its redraws.
        if (n.kind === 'limit') return spinner ? spinner.update(text) : this.opts.busy() ? undefined : this.opts.line(text);
        if (this.opts.busy()) return;
        void this.opts.spinner(text, startedAt).then((s) => {
          if (ended) return s.stop();
          spinner = s;
        });
      }, n.atMs),
    );
    return () => {
      if (ended) return;
      ended = true;
      for (const h of handles) this.opts.timers.clear(h);
      spinner?.stop();
    };
  }
}
