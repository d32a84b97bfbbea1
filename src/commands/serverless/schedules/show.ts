// `infra serverless schedules show <id> <schedule>`: one schedule (found by name or id in the
// list, as the provider's client does) and its next three runs, local time and UTC.
import { resourceArg, defineCommand } from '../../../cli/command.js';
import { CONTAINERS, CONTAINER_SCHEDULES } from '../../../client/families.js';
import { runsTarget } from '../runs/shared.js';
import { findSchedule, printSchedule } from './shared.js';

export default defineCommand({
  path: ['serverless', 'schedules', 'show'],
  description: 'one schedule, with its next three runs in its timezone and in UTC',
  args: [resourceArg('<id>', 'container id, name or slug', CONTAINERS), resourceArg('<schedule>', 'schedule name or id', CONTAINER_SCHEDULES)],
  examples: ['infra serverless schedules show web nightly-cleanup', 'infra serverless schedules show web nightly-cleanup --json | jq .next_run_at'],
  help: "The next runs are computed here from the cron expression and the timezone: a daylight-saving change moves the UTC time, never the local one; a local time skipped in spring runs at the first minute after the gap; one repeated in autumn runs once, the first time. --json prints the API's schedule object.",
  run: async (app, { args: [ref, name] }) => {
    const t = await runsTarget(app, ref);
    const { value, raw } = await findSchedule(app, t, name);
    if (app.json) app.printJson(raw);
    else printSchedule(app, value);
  },
});
