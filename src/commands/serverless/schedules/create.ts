// `infra serverless schedules create <id> --name N --cron EXPR --timezone TZ -- COMMAND...`:
// POST .../schedules. The cron expression and the timezone are checked before any request
// (exit 2 with what is wrong); the answer is shown with its next three runs.
import { resourceArg, arg, defineCommand, option, required } from '../../../cli/command.js';
import { CONTAINERS } from '../../../client/families.js';
import { UsageError } from '../../../cli/errors.js';
import { durationOption, nonEmpty } from '../../../cli/options.js';
import type { ScheduleRequest } from '../../../client/runs.js';
import { runsCall, runsTarget } from '../runs/shared.js';
import { cronOption, printSchedule, timezoneOption } from './shared.js';

/** timeout_seconds is required by the route: without --timeout, 15 minutes. */
export const DEFAULT_SCHEDULE_TIMEOUT_SECONDS = 900;

export default defineCommand({
  path: ['serverless', 'schedules', 'create'],
  description: 'run a command on a cron schedule, in a timezone: shows the next three runs',
  args: [resourceArg('<id>', 'container id, name or slug', CONTAINERS), arg('<command...>', 'the command and its arguments, after --')],
  options: {
    name: required('--name <name>', 'a name for the schedule (unique on the container)', nonEmpty('--name')),
    cron: required('--cron <expression>', '5 fields: minute hour day-of-month month day-of-week (names such as MON, JAN allowed)', cronOption),
    timezone: required('--timezone <tz>', 'IANA timezone the cron is read in, e.g. Europe/Bucharest, UTC', timezoneOption),
    timeout: option('--timeout <duration>', `each run's time limit (default ${DEFAULT_SCHEDULE_TIMEOUT_SECONDS / 60}m)`, durationOption('--timeout', { min: 1_000 })),
    imageTag: option('--image-tag <tag>', "run this tag of the container's image instead of the deployed one", nonEmpty('--image-tag')),
  },
  examples: [
    'infra serverless schedules create web --name nightly-cleanup --cron "30 3 * * *" --timezone Europe/Bucharest -- ./cleanup.sh',
    'infra serverless schedules create web --name weekday-report --cron "0 9 * * MON-FRI" --timezone America/New_York --timeout 10m -- npm run report',
  ],
  help: 'Local times skipped by a daylight-saving change run at the first minute after the gap; repeated ones run once, the first time (how the next runs shown are computed; the platform runs the schedule).',
  run: async (app, { args: [ref, command], opts }) => {
    if (command.length === 0 || command[0] === '') throw new UsageError('no command to schedule', 'give it after --, e.g. ... -- ./cleanup.sh');
    const body: ScheduleRequest = {
      name: opts.name,
      cron_expression: opts.cron,
      timezone: opts.timezone,
      timeout_seconds: opts.timeout === undefined ? DEFAULT_SCHEDULE_TIMEOUT_SECONDS : Math.ceil(opts.timeout / 1000),
      command,
      ...(opts.imageTag === undefined ? {} : { image_tag: opts.imageTag }),
    };
    const t = await runsTarget(app, ref);
    const { value, raw } = await runsCall(t, t.api.createSchedule(t.id, body, { signal: app.ctx.signal }));
    app.info(`schedule ${value.name ?? opts.name} created on ${ref} (id ${value.id})`);
    if (app.json) app.printJson(raw);
    else printSchedule(app, value);
  },
});
