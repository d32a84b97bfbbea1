// The rollout wait as the commands run it: progress on stderr (human, or NDJSON events with
// --progress json), the poller, then the outcome as an exit code, `error:`/`hint:` lines and,
// with --json, one object on stdout. `waitMany` waits on several containers at once, one
// line per container as each finishes. On GitHub Actions, failures are also annotations and
// every finished wait adds a table to the job summary.
import { appendFile } from 'node:fs/promises';
import type { App } from '../../cli/app.js';
import { CliError, InterruptedError } from '../../cli/errors.js';
import { formatDuration } from '../../shared/duration.js';
import type { Client } from '../../client/index.js';
import type { Container } from '../../client/schemas.js';
import type { ContainerRead } from '../../client/serverless.js';
import { baselineOf, type Target } from '../../rollout/decide.js';
import { errorAnnotation, onGitHubActions, summaryTable } from '../../rollout/github.js';
import { waitForRollout, type WaitEvent, type WaitResult } from '../../rollout/poller.js';
import { changeLabel, finalJson, phaseText, resumeCommand, verdict, type FinalJson, type Subject, type Verdict } from '../../rollout/report.js';
import type { Progress } from '../../output/progress.js';
import { jsonProgress } from '../resource/wait.js';
import type { WaitFlags } from './flags.js';
import { ExitCode } from '../../shared/exit-codes.js';

export interface WaitStart {
  /** A read already in hand, decided first without a request. */
  initial?: Container;
  /** The server's pacing before the first re-read (a create's `operation.poll_after_ms`). */
  pollAfterMs?: number;
}

/** One container's finished wait. */
export interface Finished {
  subject: Subject;
  result: WaitResult;
  verdict: Verdict;
  json: FinalJson;
}

const NO_PROGRESS: Progress = { update() {}, done() {}, stop() {} };

interface Polled {
  result: WaitResult;
  /** A read of this change was seen: the resume hint no longer needs --observed-after. */
  seenFresh: boolean;
}

async function poll(app: App, client: Client, subject: Subject, start: WaitStart, flags: WaitFlags, signal: AbortSignal, onEvent: (e: WaitEvent) => void): Promise<Polled> {
  let seenFresh = false;
  const result = await waitForRollout({
    fetch: async (s) => (await client.serverless.get(subject.id, { signal: s })).container,
    target: subject.target,
    initial: start.initial,
    pollAfterMs: start.pollAfterMs,
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
  return { result, seenFresh };
}

function verdictOf(app: App, subject: Subject, polled: Polled, flags: WaitFlags): Verdict {
  const project = app.settings.projectSource === 'flag' ? app.settings.project : undefined;
  return verdict(subject, polled.result, {
    timeoutMs: flags.timeoutMs,
    resume: resumeCommand(subject, project, polled.seenFresh),
    endpoint: `GET /api/v1/serverless/${subject.id}`,
    terminated: isTermination(app.ctx.signal.reason),
  });
}

const eventSubject = (s: Subject) => ({ id: s.id, name: s.name, ...(s.target.generation !== undefined ? { generation: s.target.generation } : {}) });

export async function waitAndReport(app: App, client: Client, subject: Subject, start: WaitStart, flags: WaitFlags, extraJson: Record<string, unknown> = {}): Promise<number> {
  const events = flags.progress === 'json' ? jsonProgress(app, eventSubject(subject)) : undefined;
  // With --progress json the events replace the human progress, so stderr stays parseable.
  const progress = events ? NO_PROGRESS : await app.progress();
  // The spinner shows the elapsed time itself, ticking every second (output/progress.ts); a pipe gets one line per phase.
  const say = (text: string) => progress.update(text);
  say(`waiting for ${changeLabel(subject)} (timeout ${formatDuration(flags.timeoutMs)})`);
  let polled: Polled;
  try {
    polled = await poll(app, client, subject, start, flags, app.ctx.signal, (e) => {
      events?.event(e);
      say(phaseText(e, subject));
    });
  } catch (err) {
    progress.stop();
    throw err;
  }
  const v = verdictOf(app, subject, polled, flags);
  events?.final(polled.result);
  if (v.exitCode === 0) progress.done(v.message, true);
  else progress.stop();
  if (app.json) app.printJson({ ...finalJson(subject, polled.result), ...extraJson });
  for (const note of v.notes) app.info(note);
  await reportToGitHub(app, [{ subject, result: polled.result, verdict: v, json: finalJson(subject, polled.result) }]);
  if (v.exitCode !== 0) throw new CliError(v.exitCode, v.message, v.hint, v.details);
  return ExitCode.OK;
}

export interface WaitItem {
  subject: Subject;
  start: WaitStart;
}

/**
 * Waits on every item at once. Each container gets its line as it finishes (its error and
 * hint when it did not end ready); the caller prints --json and picks the exit code
 * (`worstExit`). A wait that throws (not a transient error) stops the others.
 */
export async function waitMany(app: App, client: Client, items: readonly WaitItem[], flags: WaitFlags): Promise<Finished[]> {
  const asJson = flags.progress === 'json';
  const live = !asJson && app.interactive;
  let progress = asJson ? NO_PROGRESS : await app.progress();
  const texts = new Map<string, string>();
  const pending = new Set(items.map((i) => i.subject.id));
  const nameOf = new Map(items.map((i) => [i.subject.id, i.subject.name]));
  const render = () => progress.update(`waiting for ${pending.size} rollout${pending.size === 1 ? '' : 's'}: ${[...pending].map((id) => `${nameOf.get(id)} ${texts.get(id) ?? 'waiting'}`).join(' · ')}`);
  if (live) render();
  else progress.update(`waiting for ${items.length} rollout${items.length === 1 ? '' : 's'}: ${items.map((i) => changeLabel(i.subject)).join(', ')} (timeout ${formatDuration(flags.timeoutMs)})`);

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
  const one = async (item: WaitItem) => {
    const { subject } = item;
    const events = asJson ? jsonProgress(app, eventSubject(subject)) : undefined;
    const polled = await poll(app, client, subject, item.start, flags, signal, (e) => {
      events?.event(e);
      if (asJson) return;
      const text = phaseText(e, subject);
      if (texts.get(subject.id) === text) return;
      texts.set(subject.id, text);
      if (live) render();
      else progress.update(`${subject.name}: ${text}`);
    });
    events?.final(polled.result);
    const f: Finished = { subject, result: polled.result, verdict: verdictOf(app, subject, polled, flags), json: finalJson(subject, polled.result) };
    finished.push(f);
    line = line.then(() => finish(f));
    await line;
  };
  const settled = await Promise.allSettled(items.map((i) => one(i).catch((err: unknown) => {
    stop.abort(err);
    throw err;
  })));
  progress.stop();
  const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failure) throw failure.reason;
  // In the order given, not the order finished: --json and the job summary are stable.
  const ordered = items.map((i) => finished.find((f) => f.subject.id === i.subject.id)!);
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

/** The error that ends a multi-container wait that did not end ready everywhere. */
export function manyError(finished: readonly Finished[]): CliError | undefined {
  const code = worstExit(finished);
  if (code === ExitCode.OK) return undefined;
  const bad = finished.filter((f) => f.verdict.exitCode !== ExitCode.OK);
  return new CliError(code, `${bad.length} of ${finished.length} rollout${finished.length === 1 ? '' : 's'} did not end ready: ${bad.map((f) => `${f.subject.name} ${f.result.outcome}`).join(', ')}`);
}

const ANNOTATED = new Set(['failed', 'degraded', 'cancelled']);

/** GitHub Actions: `::error::` for each failed or degraded rollout, and one job-summary table. */
export async function reportToGitHub(app: App, finished: readonly Finished[]): Promise<void> {
  const env = app.ctx.env;
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
    await appendFile(file, summaryTable(rows));
  } catch (err) {
    app.warn(`could not append the rollout summary to GITHUB_STEP_SUMMARY (${file}): ${(err as Error).message}`);
  }
}

/**
 * What tells that a read describes this change: its generation where the server sends them
 * (contract 6.1), else a fresh observation compared with the read before it (6.8).
 */
export function targetOf(after: Container | undefined, before: Container | null): Target {
  const generation = after?.spec_generation ?? undefined;
  return {
    ...(generation !== undefined ? { generation } : {}),
    baseline: before === null ? null : baselineOf(before),
  };
}

export interface Change {
  id: string;
  name: string;
  target: Target;
  answer?: ContainerRead;
  start?: WaitStart;
  verb: string;
  /** Members added to the --json object (with or without --wait). */
  extraJson?: Record<string, unknown>;
}

/**
 * After a create, update, redeploy or rollback: name the change, then either print the
 * container (`--json`) or the command to follow it, or wait for the rollout.
 */
export async function afterChange(app: App, client: Client, change: Change, flags: WaitFlags): Promise<number> {
  const subject: Subject = { id: change.id, name: change.name, target: change.target };
  const gen = change.target.generation;
  app.info(`${change.verb} ${change.name} (id ${change.id})${gen !== undefined ? `: generation ${gen}` : ''}`);
  if (!flags.wait) {
    if (app.json) app.printJson(change.extraJson ? { ...change.extraJson, container: change.answer?.raw ?? { id: change.id, name: change.name } } : (change.answer?.raw ?? { id: change.id, name: change.name }));
    else app.hint(`follow the rollout with: ${resumeCommand(subject, app.settings.projectSource === 'flag' ? app.settings.project : undefined)}`);
    return ExitCode.OK;
  }
  return waitAndReport(app, client, subject, change.start ?? {}, flags, change.extraJson);
}

/** The container before a change: the list item resolution found, or one read. */
export async function readBefore(app: App, client: Client, ref: string): Promise<{ id: string; before: Container; name: string }> {
  const resolved = await client.serverless.resolve(ref, { signal: app.ctx.signal });
  const before = resolved.item ?? (await client.serverless.get(resolved.id, { signal: app.ctx.signal })).container;
  return { id: resolved.id, before, name: before.name ?? ref };
}

function isTermination(reason: unknown): boolean {
  return reason instanceof InterruptedError && reason.signal === 'SIGTERM';
}
