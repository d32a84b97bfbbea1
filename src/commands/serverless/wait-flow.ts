// The rollout wait as the commands run it: progress on stderr, the poller, then the outcome
// as an exit code, `error:`/`hint:` lines and, with --json, one object on stdout.
import type { App } from '../../cli/app.js';
import { CliError } from '../../cli/errors.js';
import { formatDuration } from '../../cli/duration.js';
import type { Client } from '../../client/index.js';
import type { Container } from '../../client/schemas.js';
import { waitForRollout } from '../../rollout/poller.js';
import { finalJson, phaseText, resumeCommand, verdict, type Subject } from '../../rollout/report.js';
import type { WaitFlags } from './flags.js';

export async function waitAndReport(app: App, client: Client, subject: Subject, initial: Container | undefined, flags: WaitFlags): Promise<number> {
  const progress = await app.progress();
  // A spinner redraws in place, so it can show the elapsed time; a pipe gets one line per phase.
  const live = app.interactive;
  const say = (text: string, elapsedMs: number) => progress.update(live ? `${text} · ${seconds(elapsedMs)}` : text);
  say(`waiting for generation ${subject.target} of ${subject.name} (timeout ${formatDuration(flags.timeoutMs)})`, 0);
  let result;
  try {
    result = await waitForRollout({
      fetch: (signal) => client.serverless.get(subject.id, { signal }),
      target: subject.target,
      initial,
      clock: app.ctx.clock,
      random: app.ctx.random,
      intervalCapMs: flags.intervalMs,
      timeoutMs: flags.timeoutMs,
      signal: app.ctx.signal,
      rateLimit: () => client.http.lastRateLimit,
      onProgress: (e) => say(phaseText(e, subject.target), e.elapsedMs),
    });
  } catch (err) {
    progress.stop();
    throw err;
  }
  const project = app.settings.projectSource === 'flag' ? app.settings.project : undefined;
  const v = verdict(subject, result, { timeoutMs: flags.timeoutMs, resume: resumeCommand(subject, project) });
  if (v.exitCode === 0) progress.done(v.message, true);
  else progress.stop();
  if (app.json) app.printJson(finalJson(subject, result));
  for (const note of v.notes) app.info(note);
  if (v.exitCode !== 0) throw new CliError(v.exitCode, v.message, v.hint, v.details);
  return 0;
}

/** Elapsed time in whole seconds for the spinner: `0s`, `42s`, `2m5s`. */
function seconds(ms: number): string {
  return ms < 1000 ? '0s' : formatDuration(Math.floor(ms / 1000) * 1000);
}

/**
 * After a create, update or redeploy: name the change's generation, then either print the
 * container (`--json`) or wait for the rollout.
 */
export async function afterChange(app: App, client: Client, c: Container & { url?: string | null }, done: string, flags: WaitFlags): Promise<number> {
  app.info(`${done}: generation ${c.spec_generation}`);
  if (!flags.wait) {
    if (app.json) app.printJson(c);
    else app.hint(`follow the rollout with: infra serverless wait ${c.id} --generation ${c.spec_generation}`);
    return 0;
  }
  return waitAndReport(app, client, { id: String(c.id), name: c.name, target: c.spec_generation }, c, flags);
}
