// The one wait runner (Knative's pkg/wait shape): every waiting command builds a subject
// (what to read, in the status model's words; how it speaks; how to resume) and hands it
// here. The engine (src/wait/poller.ts) polls and decides; this reports: progress on
// stderr (a spinner, plain lines, or NDJSON events with --progress json), the verdict
// (src/wait/verdict.ts) as an exit code with `error:`/`hint:` lines, the final --json
// object, and on GitHub Actions an annotation and a job-summary row. One subject or many
// at once (`serverless wait a b c`, `apply -f --wait`).
import { appendFile } from 'node:fs/promises';
import type { App } from '../../../cli/app.js';
import { CliError, InterruptedError } from '../../../cli/errors.js';
import type { Client } from '../../../client/index.js';
import type { Target } from '../../../wait/decide.js';
import { eventStream, type EventSink, type EventSubject } from '../../../wait/events.js';
import { errorAnnotation, onGitHubActions, summaryTable } from '../../../wait/github.js';
import { rawStream } from '../../../output/terminal-guard.js';
import { sanitize } from '../../../output/terminal-text.js';
import { waitForRollout, type StatusRead, type WaitEvent, type WaitResult } from '../../../wait/poller.js';
import { finalJson, progressText, verdict, type FinalJson, type Verdict, type Words } from '../../../wait/verdict.js';
import type { Progress } from '../../../output/progress.js';
import { formatDuration } from '../../../shared/duration.js';
import { ExitCode } from '../../../shared/exit-codes.js';
import { retryEvent } from '../../../shared/retry-event.js';
import type { WaitFlags } from './flags.js';

export interface WaitSubject {
  id: string;
  name: string;
  target: Target;
  words: Words;
  /** One read in the status model's words; must honour the signal. */
  read(signal: AbortSignal): Promise<StatusRead>;
  /** The read named when the reads cannot tell (`GET /api/v1/...`). */
  endpoint: string;
  /** The command that resumes this wait; `seenFresh`: a read of this change was seen. */
  resume(seenFresh: boolean): string;
  /** A read in hand, decided first (never a write's answer without generations: docs/behaviour.md#waits-baseline). */
  initial?: StatusRead;
  /** The first read after the write is the baseline (a write whose answer carries no resource). */
  firstReadIsBaseline?: boolean;
  /** The server's pacing before the first re-read (a create's `operation.poll_after_ms`). */
  pollAfterMs?: number;
  /** A delete: done at the 404. */
  untilGone?: boolean;
  /** The change's generation, for events. */
  generation?: number;
  /** What --json prints at the end, where it is not the final object of docs/behaviour.md#waits-json. */
  json?(r: WaitResult): unknown;
  /** A rollout: failures become GitHub annotations and every end a job-summary row. */
  github?: boolean;
}

/** One subject's finished wait. */
export interface Finished {
  subject: WaitSubject;
  result: WaitResult;
  verdict: Verdict;
  json: FinalJson;
}

const NO_PROGRESS: Progress = { update() {}, done() {}, stop() {} };

/** The NDJSON events of one wait, written to stderr (never silenced by --quiet: they were asked for). */
export function jsonProgress(app: App, subject: EventSubject): EventSink {
  // Events are data (JSON): past the terminal guard, exact.
  const write = (line: string) => rawStream(app.ctx.stderr).write(`${line}\n`);
  const sink = eventStream(subject, write, () => app.ctx.clock.now());
  // Stderr holds only events: a wait before a retry is one too (a read that failed, retried).
  const started = app.ctx.clock.now();
  app.retryNotice = (error) => write(JSON.stringify(retryEvent(subject, error, app.ctx.clock.now(), started)));
  return sink;
}

const eventSubject = (s: WaitSubject): EventSubject => ({ id: s.id, name: s.name, words: s.words, ...(s.generation !== undefined ? { generation: s.generation } : {}) });

async function poll(app: App, client: Client, s: WaitSubject, flags: WaitFlags, signal: AbortSignal, onEvent: (e: WaitEvent) => void): Promise<Finished> {
  let seenFresh = false;
  const result = await waitForRollout({
    fetch: (sig) => s.read(sig),
    target: s.target,
    initial: s.initial,
    firstReadIsBaseline: s.firstReadIsBaseline,
    pollAfterMs: s.pollAfterMs,
    untilGone: s.untilGone,
    clock: app.ctx.clock,
    random: app.ctx.random,
    intervalCapMs: flags.intervalMs,
    timeoutMs: flags.timeoutMs,
    signal,
    rateLimit: () => client.http.lastRateLimit,
    onProgress: (e) => {
      if (e.type === 'status' && e.decision.phase !== 'previous_rollout' && e.decision.phase !== 'stale') seenFresh = true;
      onEvent(e);
    },
  });
  const reason = app.ctx.signal.reason;
  const v = verdict(s.words, s.name, s.id, result, {
    timeoutMs: flags.timeoutMs,
    resume: s.resume(seenFresh),
    endpoint: s.endpoint,
    terminated: reason instanceof InterruptedError && reason.signal === 'SIGTERM',
  });
  return { subject: s, result, verdict: v, json: finalJson(s.id, s.target, result) };
}

/**
 * Follows one subject to its end with progress on stderr, and returns what ended it; prints
 * no verdict. `runWait` reports it; a settle before a change (docs/behaviour.md#waits-running) only looks at it.
 */
export async function follow(app: App, client: Client, s: WaitSubject, flags: WaitFlags): Promise<Finished> {
  const events = flags.progress === 'json' ? jsonProgress(app, eventSubject(s)) : undefined;
  // With --progress json the events replace the human progress, so stderr stays parseable.
  const progress = events ? NO_PROGRESS : await app.progress();
  // The spinner shows the elapsed time itself, ticking every second (output/progress.ts); a pipe gets one line per phase.
  const say = (text: string) => progress.update(text);
  say(`waiting for ${s.words.waitingFor} (timeout ${formatDuration(flags.timeoutMs)})`);
  let f: Finished;
  try {
    f = await poll(app, client, s, flags, app.ctx.signal, (e) => {
      events?.event(e);
      say(progressText(e, s.words));
    });
  } catch (err) {
    progress.stop();
    throw err;
  }
  events?.final(f.result);
  if (f.verdict.exitCode === ExitCode.OK) progress.done(f.verdict.message, true);
  else progress.stop();
  return f;
}

/**
 * Waits for one subject and reports all but a failing verdict (--json, notes, GitHub), which
 * it returns typed: a caller that says an end in its own words (a run's exit code) decides on
 * the outcome, never on the message's text.
 */
export async function waitAndSay(app: App, client: Client, s: WaitSubject, flags: WaitFlags, extraJson: Record<string, unknown> = {}): Promise<Finished> {
  const f = await follow(app, client, s, flags);
  await sayFinished(app, f, extraJson);
  return f;
}

/** The report of a followed wait (--json, notes, GitHub), without its failing verdict: waitAndSay's second half. */
export async function sayFinished(app: App, f: Finished, extraJson: Record<string, unknown> = {}): Promise<void> {
  if (app.json) app.printJson(f.subject.json ? f.subject.json(f.result) : { ...f.json, ...extraJson });
  for (const note of f.verdict.notes) app.info(note);
  await reportToGitHub(app, [f]);
}

/** A verdict that did not end well as the error the command ends with. */
export function verdictError(v: Verdict): CliError {
  return new CliError(v.exitCode, v.message, v.hint, v.details);
}

/** Waits for one subject; exit 0, or a CliError with the verdict's code, message and hint. */
export async function runWait(app: App, client: Client, s: WaitSubject, flags: WaitFlags, extraJson: Record<string, unknown> = {}): Promise<number> {
  const { verdict: v } = await waitAndSay(app, client, s, flags, extraJson);
  if (v.exitCode !== ExitCode.OK) throw verdictError(v);
  return ExitCode.OK;
}

/**
 * Waits on every subject at once. Each gets its line as it finishes (its error and hint when
 * it did not end well); the caller prints --json and picks the exit code (`worstExit`). A
 * wait that throws (not a transient error) stops the others.
 */
export async function runWaits(app: App, client: Client, subjects: readonly WaitSubject[], flags: WaitFlags): Promise<Finished[]> {
  const asJson = flags.progress === 'json';
  const live = !asJson && app.interactive;
  let progress = asJson ? NO_PROGRESS : await app.progress();
  const texts = new Map<string, string>();
  const pending = new Set(subjects.map((s) => s.id));
  const nameOf = new Map(subjects.map((s) => [s.id, s.name]));
  const noun = (n: number) => `rollout${n === 1 ? '' : 's'}`;
  const render = () => progress.update(`waiting for ${pending.size} ${noun(pending.size)}: ${[...pending].map((id) => `${nameOf.get(id)} ${texts.get(id) ?? 'waiting'}`).join(' · ')}`);
  if (live) render();
  else progress.update(`waiting for ${subjects.length} ${noun(subjects.length)}: ${subjects.map((s) => s.words.waitingFor).join(', ')} (timeout ${formatDuration(flags.timeoutMs)})`);

  const stop = new AbortController();
  const signal = AbortSignal.any([app.ctx.signal, stop.signal]);
  const finished: Finished[] = [];
  // Finishing touches the one spinner: one at a time, in the order the waits end.
  let line = Promise.resolve();
  const finish = async (f: Finished) => {
    const { subject: s, verdict: v } = f;
    pending.delete(s.id);
    texts.delete(s.id);
    if (v.exitCode === ExitCode.OK) progress.done(`${s.name}: ${v.message}`, true);
    else {
      progress.stop();
      app.ctx.stderr.write(`${app.errStyle.red('error:')} ${s.name}: ${v.message}\n`);
      for (const d of v.details ?? []) app.ctx.stderr.write(`${d}\n`);
      if (v.hint) app.ctx.stderr.write(`${app.errStyle.dim('hint:')} ${v.hint}\n`);
    }
    for (const note of v.notes) app.info(`${s.name}: ${note}`);
    if (live && pending.size > 0) {
      progress = await app.progress();
      render();
    }
  };
  const one = async (s: WaitSubject) => {
    const events = asJson ? jsonProgress(app, eventSubject(s)) : undefined;
    const f = await poll(app, client, s, flags, signal, (e) => {
      events?.event(e);
      if (asJson) return;
      const text = progressText(e, s.words);
      if (texts.get(s.id) === text) return;
      texts.set(s.id, text);
      if (live) render();
      else progress.update(`${s.name}: ${text}`);
    });
    events?.final(f.result);
    finished.push(f);
    line = line.then(() => finish(f));
    await line;
  };
  const settled = await Promise.allSettled(
    subjects.map((s) =>
      one(s).catch((err: unknown) => {
        stop.abort(err);
        throw err;
      }),
    ),
  );
  progress.stop();
  const failure = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
  // In the order given, not the order finished: --json and the job summary are stable.
  const ordered = subjects.map((s) => finished.find((f) => f.subject === s)!);
  await reportToGitHub(app, ordered);
  return ordered;
}

/** Interrupted beats everything; then failed (1) > degraded (3) > timeout (6) > ready (0). */
const RANK: Partial<Record<number, number>> = {
  [ExitCode.TERMINATED]: 6,
  [ExitCode.INTERRUPTED]: 5,
  [ExitCode.FAILED]: 4,
  [ExitCode.DEGRADED]: 3,
  [ExitCode.TIMEOUT]: 2,
  [ExitCode.OK]: 0,
};

export function worstExit(finished: readonly Finished[]): ExitCode {
  let worst: ExitCode = ExitCode.OK;
  for (const f of finished) if ((RANK[f.verdict.exitCode] ?? 1) > (RANK[worst] ?? 0)) worst = f.verdict.exitCode;
  return worst;
}

/** The error that ends a multi-subject wait that did not end well everywhere. */
export function manyError(finished: readonly Finished[]): CliError | undefined {
  const code = worstExit(finished);
  if (code === ExitCode.OK) return undefined;
  const bad = finished.filter((f) => f.verdict.exitCode !== ExitCode.OK);
  return new CliError(code, `${bad.length} of ${finished.length} rollout${finished.length === 1 ? '' : 's'} did not end ready: ${bad.map((f) => `${f.subject.name} ${f.result.outcome}`).join(', ')}`);
}

const ANNOTATED = new Set(['failed', 'degraded', 'cancelled']);

/** GitHub Actions: `::error::` for each failed or degraded rollout, and one job-summary table. */
async function reportToGitHub(app: App, all: readonly Finished[]): Promise<void> {
  const env = app.ctx.env;
  const finished = all.filter((f) => f.subject.github);
  if (!onGitHubActions(env) || finished.length === 0) return;
  for (const f of finished) {
    if (!ANNOTATED.has(f.result.outcome)) continue;
    const text = [f.verdict.message, ...(f.verdict.details ?? []).map((d) => d.trim()), ...(f.verdict.hint ? [`hint: ${f.verdict.hint}`] : [])].join('\n');
    app.ctx.stderr.write(`${errorAnnotation(`Rollout of ${f.subject.name} ${f.result.outcome}`, text)}\n`);
  }
  const file = env.GITHUB_STEP_SUMMARY;
  if (!file) return;
  const rows = finished.map((f) => ({
    container: f.subject.name,
    revision: f.result.container?.current_revision ?? '',
    outcome: f.result.outcome,
    duration: formatDuration(f.result.elapsedMs),
    hint: f.verdict.exitCode === ExitCode.OK ? '' : (f.verdict.hint ?? ''),
  }));
  try {
    // Server text in a Markdown file a browser shows: controls made visible first.
    await appendFile(file, summaryTable(rows.map((r) => ({ container: sanitize(r.container), revision: sanitize(r.revision), outcome: r.outcome, duration: r.duration, hint: sanitize(r.hint) }))));
  } catch (err) {
    app.warn(`could not append the rollout summary to GITHUB_STEP_SUMMARY (${file}): ${(err as Error).message}`);
  }
}
