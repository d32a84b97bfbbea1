// The rollout wait as the commands run it: progress on stderr, the poller, then the outcome
// as an exit code, `error:`/`hint:` lines and, with --json, one object on stdout.
import type { App } from '../../cli/app.js';
import { CliError, InterruptedError } from '../../cli/errors.js';
import { formatDuration } from '../../shared/duration.js';
import type { Client } from '../../client/index.js';
import type { Container } from '../../client/schemas.js';
import type { ContainerRead } from '../../client/serverless.js';
import { baselineOf, type Target } from '../../rollout/decide.js';
import { waitForRollout } from '../../rollout/poller.js';
import { changeLabel, finalJson, phaseText, resumeCommand, verdict, type Subject } from '../../rollout/report.js';
import type { WaitFlags } from './flags.js';
import { ExitCode } from '../../shared/exit-codes.js';

export interface WaitStart {
  /** A read already in hand, decided first without a request. */
  initial?: Container;
  /** The server's pacing before the first re-read (a create's `operation.poll_after_ms`). */
  pollAfterMs?: number;
}

export async function waitAndReport(app: App, client: Client, subject: Subject, start: WaitStart, flags: WaitFlags): Promise<number> {
  const progress = await app.progress();
  // A spinner redraws in place, so it can show the elapsed time; a pipe gets one line per phase.
  const live = app.interactive;
  const say = (text: string, elapsedMs: number) => progress.update(live ? `${text} · ${seconds(elapsedMs)}` : text);
  say(`waiting for ${changeLabel(subject)} (timeout ${formatDuration(flags.timeoutMs)})`, 0);
  let seenFresh = false;
  let result;
  try {
    result = await waitForRollout({
      fetch: async (signal) => (await client.serverless.get(subject.id, { signal })).container,
      target: subject.target,
      initial: start.initial,
      pollAfterMs: start.pollAfterMs,
      clock: app.ctx.clock,
      random: app.ctx.random,
      intervalCapMs: flags.intervalMs,
      timeoutMs: flags.timeoutMs,
      signal: app.ctx.signal,
      rateLimit: () => client.http.lastRateLimit,
      onProgress: (e) => {
        if (e.type === 'status' && e.decision.phase !== 'previous_rollout' && e.decision.phase !== 'stale') seenFresh = true;
        say(phaseText(e, subject), e.elapsedMs);
      },
    });
  } catch (err) {
    progress.stop();
    throw err;
  }
  const project = app.settings.projectSource === 'flag' ? app.settings.project : undefined;
  const v = verdict(subject, result, {
    timeoutMs: flags.timeoutMs,
    resume: resumeCommand(subject, project, seenFresh),
    endpoint: `GET /api/v1/serverless/${subject.id}`,
    terminated: isTermination(app.ctx.signal.reason),
  });
  if (v.exitCode === 0) progress.done(v.message, true);
  else progress.stop();
  if (app.json) app.printJson(finalJson(subject, result));
  for (const note of v.notes) app.info(note);
  if (v.exitCode !== 0) throw new CliError(v.exitCode, v.message, v.hint, v.details);
  return ExitCode.OK;
}

/** Elapsed time in whole seconds for the spinner: `0s`, `42s`, `2m5s`. */
function seconds(ms: number): string {
  return ms < 1000 ? '0s' : formatDuration(Math.floor(ms / 1000) * 1000);
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

/**
 * After a create, update or redeploy: name the change, then either print the container
 * (`--json`) or the command to follow it, or wait for the rollout.
 */
export async function afterChange(
  app: App,
  client: Client,
  change: { id: string; name: string; target: Target; answer?: ContainerRead; start?: WaitStart; verb: string },
  flags: WaitFlags,
): Promise<number> {
  const subject: Subject = { id: change.id, name: change.name, target: change.target };
  const gen = change.target.generation;
  app.info(`${change.verb} ${change.name} (id ${change.id})${gen !== undefined ? `: generation ${gen}` : ''}`);
  if (!flags.wait) {
    if (app.json) app.printJson(change.answer?.raw ?? { id: change.id, name: change.name });
    else app.hint(`follow the rollout with: ${resumeCommand(subject, app.settings.projectSource === 'flag' ? app.settings.project : undefined)}`);
    return ExitCode.OK;
  }
  return waitAndReport(app, client, subject, change.start ?? {}, flags);
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
