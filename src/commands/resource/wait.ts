// The wait on a product's operation as the commands run it: progress on stderr, the one
// poller of src/rollout, then the outcome as an exit code, `error:`/`hint:` lines and, with
// --json, one object on stdout (contract 6.9).
import type { App } from '../../cli/app.js';
import { CliError, InterruptedError } from '../../cli/errors.js';
import { choice, flag, option } from '../../cli/command.js';
import { durationOption } from '../../cli/options.js';
import type { Client } from '../../client/index.js';
import type { Resource } from '../../client/resources.js';
import { baselineOf } from '../../rollout/decide.js';
import { operationPhaseText, operationResume, operationVerdict, type OperationSubject } from '../../rollout/operation.js';
import { waitForRollout, type WaitResult } from '../../rollout/poller.js';
import { finalJson } from '../../rollout/report.js';
import { eventStream, type EventSink, type EventSubject } from '../../rollout/events.js';
import { retryEvent } from '../../shared/retry-event.js';
import { formatDuration } from '../../shared/duration.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { lookOf, withStatus, type FamilySpec } from './family.js';

export interface WaitFlags {
  wait: boolean;
  timeoutMs: number;
  intervalMs: number;
  /** `json`: NDJSON progress events on stderr instead of the human progress (absent: text). */
  progress?: ProgressFormat;
}

export const PROGRESS_FORMATS = ['text', 'json'] as const;
export type ProgressFormat = (typeof PROGRESS_FORMATS)[number];

/** `--progress json` of every waiting command (the rollouts' and the operations'). */
export function progressOption() {
  return choice(
    '--progress <format>',
    'progress while waiting: text (default) or json (NDJSON on stderr: one event {time, id, generation, phase, summary, health, operation, elapsed_seconds} per change, then a final one with the outcome)',
    PROGRESS_FORMATS,
  );
}

/** The NDJSON events of one wait, written to stderr (never silenced by --quiet: they were asked for). */
export function jsonProgress(app: App, subject: EventSubject): EventSink {
  const write = (line: string) => app.ctx.stderr.write(`${line}\n`);
  const sink = eventStream(subject, write, () => app.ctx.clock.now());
  // Stderr holds only events: a wait before a retry is one too (a read that failed, retried).
  const started = app.ctx.clock.now();
  app.retryNotice = (error) => write(JSON.stringify(retryEvent(subject, error, app.ctx.clock.now(), started)));
  return sink;
}

export const DEFAULT_TIMEOUT_MS = 15 * 60_000;
export const DEFAULT_INTERVAL_MS = 5_000;

/** --wait, --timeout and --interval of an asynchronous action. */
export function operationWaitOptions(what: string) {
  return {
    wait: flag('--wait', `wait until the ${what} finishes (exit 0 done, 1 failed, 6 timeout)`),
    timeout: option('--timeout <duration>', 'give up waiting after this long, e.g. 90s, 15m (default 15m; the operation goes on)', durationOption('--timeout', { min: 1_000 })),
    interval: option('--interval <duration>', 'longest pause between status checks (default 5s)', durationOption('--interval', { min: 100 })),
    progress: progressOption(),
  };
}

/** --wait/--timeout/--interval/--progress: the last three mean nothing without --wait (`always` for the wait commands). */
export function waitFlagsOf(opts: { wait?: boolean; timeout?: number; interval?: number; progress?: ProgressFormat }, always = false, what = 'the operation'): WaitFlags {
  const wait = always || opts.wait === true;
  const stray = (['timeout', 'interval', 'progress'] as const).find((k) => opts[k] !== undefined);
  if (!wait && stray) throw new CliError(ExitCode.USAGE, `--${stray} applies only with --wait`, `add --wait to wait for ${what}`);
  return { wait, timeoutMs: opts.timeout ?? DEFAULT_TIMEOUT_MS, intervalMs: opts.interval ?? DEFAULT_INTERVAL_MS, progress: opts.progress ?? 'text' };
}

/** The subject of a wait on `verb` of a resource, from the read taken just before the change (null: a create). */
export function subjectOf(spec: FamilySpec, verb: string, id: string, name: string, before: Resource | null): OperationSubject {
  return { command: spec.command, noun: spec.label, id, name, verb, target: { baseline: before === null ? null : baselineOf(withStatus(spec, before)) }, ...lookOf(spec, id) };
}

export interface WaitExtra {
  /** A read already in hand (the answer of the change): decided first, no request. */
  initial?: Resource;
  /** A delete: done at the 404. */
  untilGone?: boolean;
  /**
   * How to read what is waited for, where it is not GET <path>/{id} of the family (a recovery
   * point found in its list, a restore operation): a read in the status model's words.
   */
  fetch?: (signal: AbortSignal) => Promise<Resource>;
  /** The endpoint named when the reads cannot tell (with `fetch`). */
  endpoint?: string;
  /** The object --json prints at the end, where it is not the wait's final object (contract 6.9). */
  json?: (result: WaitResult) => unknown;
}

export async function waitForOperation(app: App, client: Client, spec: FamilySpec, subject: OperationSubject, flags: WaitFlags, extra: WaitExtra = {}): Promise<number> {
  const events = flags.progress === 'json' ? jsonProgress(app, { id: subject.id, name: subject.name }) : undefined;
  // With --progress json the events replace the human progress (stderr stays parseable).
  const progress = events ? { update() {}, done() {}, stop() {} } : await app.progress();
  progress.update(`waiting for the ${subject.verb} of ${subject.name} (timeout ${formatDuration(flags.timeoutMs)})`);
  let seenFresh = false;
  let result;
  try {
    result = await waitForRollout({
      fetch: extra.fetch ?? (async (signal) => withStatus(spec, (await client.resources.get(spec.kind, subject.id, { signal })).value)),
      target: subject.target,
      initial: extra.initial && withStatus(spec, extra.initial),
      untilGone: extra.untilGone,
      clock: app.ctx.clock,
      random: app.ctx.random,
      intervalCapMs: flags.intervalMs,
      timeoutMs: flags.timeoutMs,
      signal: app.ctx.signal,
      rateLimit: () => client.http.lastRateLimit,
      onProgress: (e) => {
        if (e.type === 'status' && e.decision.phase !== 'previous_rollout' && e.decision.phase !== 'stale') seenFresh = true;
        events?.event(e);
        progress.update(operationPhaseText(e, subject));
      },
    });
  } catch (err) {
    progress.stop();
    throw err;
  }
  const project = app.settings.projectSource === 'flag' ? app.settings.project : undefined;
  const reason = app.ctx.signal.reason;
  const v = operationVerdict(subject, result, {
    timeoutMs: flags.timeoutMs,
    resume: operationResume(subject, project, seenFresh),
    endpoint: extra.endpoint ?? `GET /api/v1${spec.kind.path}/${subject.id}`,
    terminated: reason instanceof InterruptedError && reason.signal === 'SIGTERM',
  });
  events?.final(result);
  if (v.exitCode === ExitCode.OK) progress.done(v.message, true);
  else progress.stop();
  if (app.json) app.printJson(extra.json ? extra.json(result) : finalJson({ id: subject.id, name: subject.name, target: subject.target }, result));
  if (v.exitCode !== ExitCode.OK) throw new CliError(v.exitCode, v.message, v.hint, v.details);
  return ExitCode.OK;
}
