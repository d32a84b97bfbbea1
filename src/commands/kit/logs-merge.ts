// The merged tail of several log sources (`infra logs a b c`, docs/behaviour.md#merged-logs):
// the windows read side by side and written in timestamp order, then one scheduler that polls
// the sources in turn (never one free-running loop per source), each at its own pace
// (logs-pace.ts), with at least MIN_GAP_MS between any two requests. New lines are held back
// until every source has been polled past their timestamp, or until they are HOLD_MS old, so
// a follow interleaves the sources correctly without waiting on a slow one forever.
import type { App } from '../../cli/app.js';
import { CliError } from '../../cli/errors.js';
import { UnavailableError } from '../../client/errors.js';
import type { Client } from '../../client/index.js';
import type { LogsPage, LogsQuery } from '../../client/diagnostics.js';
import type { LogEntry } from '../../client/schemas.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { FollowTracker } from './logs-follow.js';
import { FollowPace } from './logs-pace.js';
import type { LogTarget } from './logs-stream.js';

/** How long a new line may wait for the other sources before it is written anyway. */
export const HOLD_MS = 5_000;
/** The least time between two requests of a merged follow, whatever the number of sources (120 a minute at most). */
export const MIN_GAP_MS = 500;
/** A source that printed nothing for this long is said so on stderr (once, until it prints again). */
export const GAP_MS = 60_000;

export interface MergedSource {
  /** `web`, `database/orders`: the prefix of its lines and the `source` field of NDJSON. */
  label: string;
  target: LogTarget;
  query: LogsQuery;
}

export interface Sink {
  /** Writes lines already in order. */
  write(lines: readonly Labelled[]): void;
}

export interface Labelled {
  source: string;
  entry: LogEntry;
  at: number;
}

function timeOf(e: LogEntry): number {
  const t = Date.parse(e.timestamp);
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
}

const label = (source: string, entry: LogEntry): Labelled => ({ source, entry, at: timeOf(entry) });

function unavailable(err: unknown, noun: string): unknown {
  if (err instanceof UnavailableError && err.status === 503) return new CliError(ExitCode.UNAVAILABLE, `the log store did not answer; this says nothing about the ${noun}`, 'try again later');
  return err;
}

/**
 * The windows of every source, written in timestamp order: each source's pages are read one
 * at a time, so memory holds at most one page per source, whatever the window holds.
 */
export async function mergedWindow(app: App, client: Client, sources: readonly MergedSource[], sink: Sink, trackers: readonly FollowTracker[]): Promise<number> {
  const signal = app.ctx.signal;
  const readers = sources.map((s) => client.diagnostics.logPages(s.target.path, s.query, { signal, permission: s.target.permission })[Symbol.asyncIterator]());
  const buffers: Labelled[][] = sources.map(() => []);
  const done = sources.map(() => false);
  let written = 0;
  const refill = async (i: number) => {
    while (!done[i] && buffers[i]!.length === 0) {
      let next: IteratorResult<LogsPage>;
      try {
        next = await readers[i]!.next();
      } catch (err) {
        throw unavailable(err, sources[i]!.target.noun);
      }
      if (next.done) done[i] = true;
      else {
        if (!next.value.available) throw new CliError(ExitCode.UNAVAILABLE, `the log store did not answer for ${sources[i]!.label}`, 'try again later');
        trackers[i]!.track(next.value.entries);
        buffers[i] = next.value.entries.map((e) => label(sources[i]!.label, e));
      }
    }
  };
  for (;;) {
    await Promise.all(sources.map((_, i) => refill(i)));
    // A k-way merge: the earliest head goes first, until a source runs dry and must be refilled.
    const out: Labelled[] = [];
    let ended = false;
    for (;;) {
      let best = -1;
      for (let i = 0; i < buffers.length; i++) if (buffers[i]!.length > 0 && (best < 0 || buffers[i]![0]!.at < buffers[best]![0]!.at)) best = i;
      if (best < 0) {
        ended = true;
        break;
      }
      out.push(buffers[best]!.shift()!);
      if (buffers[best]!.length === 0 && !done[best]) break;
    }
    if (out.length > 0) sink.write(out);
    written += out.length;
    if (ended) return written;
  }
}

interface Polled {
  s: MergedSource;
  tracker: FollowTracker;
  pace: FollowPace;
  dueAt: number;
  /** Server time up to which this source has been read. */
  readUntil: number;
  lastLineAt: number;
  gapSaid: boolean;
  storeDownSaid: boolean;
}

/** Follows every source until Ctrl-C: one scheduler, the earliest due source first. */
export async function mergedFollow(app: App, client: Client, sources: readonly MergedSource[], sink: Sink, trackers: readonly FollowTracker[]): Promise<never> {
  const clock = app.ctx.clock;
  const signal = app.ctx.signal;
  const now = () => app.serverNow();
  const start = now();
  const polled: Polled[] = sources.map((s, i) => ({ s, tracker: trackers[i]!, pace: new FollowPace(), dueAt: start, readUntil: start, lastLineAt: start, gapSaid: false, storeDownSaid: false }));
  for (const p of polled) p.dueAt = start + p.pace.nextDelayMs;
  let held: Labelled[] = [];
  let lastRequest = Number.NEGATIVE_INFINITY;
  const flush = (all: boolean) => {
    const frontier = Math.max(Math.min(...polled.map((p) => p.readUntil)), now() - HOLD_MS);
    const ready = all ? held : held.filter((l) => l.at <= frontier);
    if (ready.length === 0) return;
    held = all ? [] : held.filter((l) => l.at > frontier);
    sink.write(ready.sort((a, b) => a.at - b.at));
  };
  try {
    for (;;) {
      const next = polled.reduce((a, b) => (b.dueAt < a.dueAt ? b : a));
      const wait = Math.max(next.dueAt, lastRequest + MIN_GAP_MS) - now();
      if (wait > 0) await clock.sleep(wait, signal);
      lastRequest = now();
      next.tracker.beginPoll();
      const pollStart = now();
      let fresh = 0;
      try {
        const query: LogsQuery = { ...next.s.query, cursor: undefined, since: next.tracker.since ?? next.s.query.since };
        for await (const page of client.diagnostics.logPages(next.s.target.path, query, { signal, permission: next.s.target.permission })) {
          if (!page.available) throw new UnavailableError('the log store did not answer', 503, next.s.target.path);
          const entries = next.tracker.fresh(page.entries);
          fresh += entries.length;
          for (const e of entries) held.push(label(next.s.label, e));
        }
        next.readUntil = pollStart;
        next.storeDownSaid = false;
      } catch (err) {
        const e = unavailable(err, next.s.target.noun);
        if (!(e instanceof CliError && e.exitCode === ExitCode.UNAVAILABLE)) throw e;
        if (!next.storeDownSaid) app.warn(`the log store did not answer for ${next.s.label}; still polling`);
        next.storeDownSaid = true;
      }
      next.pace.polled(fresh);
      next.dueAt = now() + next.pace.nextDelayMs;
      if (fresh > 0) {
        next.lastLineAt = now();
        next.gapSaid = false;
      } else if (!next.gapSaid && now() - next.lastLineAt >= GAP_MS) {
        next.gapSaid = true;
        app.info(`no lines from ${next.s.label} for ${Math.round((now() - next.lastLineAt) / 1000)} s`);
      }
      flush(false);
    }
  } finally {
    // Ctrl-C: what was held back is whole lines; write it, in order, before the process ends.
    flush(true);
  }
}
