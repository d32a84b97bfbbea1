// What the schedules commands share: a schedule found by name or id in the container's list
// (as the provider's client does), the flags' checks (cron and timezone before any request),
// and the view of one schedule with its next three runs, in its timezone and in UTC.
import { InvalidArgumentError } from 'commander';
import type { App } from '../../../cli/app.js';
import { CliError } from '../../../cli/errors.js';
import { pickByRef } from '../../../client/resolve.js';
import type { Read, Schedule } from '../../../client/runs.js';
import { age } from '../../../output/age.js';
import { canonicalTimeZone, CronError, nextRuns, parseCron } from '../../../shared/cron.js';
import { ExitCode } from '../../../shared/exit-codes.js';
import { commandText, durationText, runsCall, type Target } from '../runs/shared.js';

/** commander argParser of --cron: a 5-field expression, refused with what is wrong (exit 2). */
export function cronOption(value: string): string {
  try {
    return parseCron(value).source;
  } catch (err) {
    if (err instanceof CronError) throw new InvalidArgumentError(`--cron: ${err.message}.`);
    throw err;
  }
}

/** commander argParser of --timezone: an IANA name (case fixed), refused otherwise (exit 2). */
export function timezoneOption(value: string): string {
  const tz = canonicalTimeZone(value);
  if (!tz) throw new InvalidArgumentError(`--timezone: "${value}" is not an IANA timezone such as Europe/Bucharest, America/New_York or UTC.`);
  return tz;
}

/** The schedule a reference (id or name) names, from GET .../schedules. */
export async function findSchedule(app: App, t: Target, ref: string): Promise<Read<Schedule>> {
  const list = await runsCall(t, t.api.schedules(t.id, { signal: app.ctx.signal }));
  const found = pickByRef(list.value, ref, { noun: 'schedule' });
  if (!found) throw new CliError(ExitCode.NOT_FOUND, `no schedule "${ref}" on container ${t.ref}`, `'infra serverless schedules list ${t.ref}' lists them`);
  const raw = Array.isArray(list.raw) ? list.raw[list.value.indexOf(found)] : found;
  return { value: found, raw, endpoint: list.endpoint };
}

/** The next `count` runs as lines: local time in the schedule's timezone, then UTC. */
export function nextRunLines(s: Schedule, now: number, count = 3): string[] {
  if (!s.cron_expression || !s.timezone) return ['  (cannot tell: the schedule has no cron expression or timezone)'];
  let runs;
  try {
    const tz = canonicalTimeZone(s.timezone);
    if (!tz) return [`  (cannot tell: this system does not know the timezone ${s.timezone})`];
    runs = nextRuns(parseCron(s.cron_expression), tz, now, count);
  } catch (err) {
    return [`  (cannot tell: ${(err as Error).message})`];
  }
  if (runs.length === 0) return ['  none within eight years (the expression names a date that does not come)'];
  return runs.map((r) => `  ${r.local}  ${s.timezone}   =  ${r.utc}`);
}

/** One schedule on stdout: its fields, then its next runs (stdout: they are the answer). */
export function printSchedule(app: App, s: Schedule): void {
  const now = app.ctx.clock.now();
  app.keyValue([
    ['id', s.id],
    ['name', s.name ?? undefined],
    ['cron', s.cron_expression ?? undefined],
    ['timezone', s.timezone ?? undefined],
    ['command', commandText(s.command)],
    ['image tag', s.image_tag ?? undefined],
    ['timeout', s.timeout_seconds === undefined || s.timeout_seconds === null ? undefined : durationText(s.timeout_seconds)],
    ['enabled', s.enabled === undefined || s.enabled === null ? undefined : s.enabled ? 'yes' : 'no (paused)'],
    ['next run (API)', s.next_run_at ?? (s.enabled === false ? 'none while paused' : undefined)],
    ['last run', s.last_run_at ? `${s.last_run_at} (${age(s.last_run_at, now)})` : undefined],
    ['last skipped', s.last_skipped_at ? `${s.last_skipped_at}${s.last_skip_reason ? `: ${s.last_skip_reason}` : ''}` : undefined],
  ]);
  app.print(`next ${s.enabled === false ? 'runs once resumed' : 'runs'} (local time, then UTC):`);
  for (const line of nextRunLines(s, now)) app.print(line);
}
