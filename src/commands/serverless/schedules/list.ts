// `infra serverless schedules list <id>`: the container's cron schedules.
import { resourceArg, defineCommand } from '../../../cli/command.js';
import { CONTAINERS } from '../../../client/families.js';
import { wideOption } from '../../../cli/options.js';
import type { Schedule } from '../../../client/runs.js';
import { commandText, runsCall, runsTarget } from '../runs/shared.js';
import { TIMESTAMP_FIT } from '../../../output/fit.js';
import { idColumn } from '../../resource/family.js';

export default defineCommand({
  path: ['serverless', 'schedules', 'list'],
  description: "a container's cron schedules: name, cron, timezone, enabled, next run, command",
  args: [resourceArg('<id>', 'container id, name or slug', CONTAINERS)],
  options: wideOption(),
  examples: ['infra serverless schedules list web', "infra serverless schedules list web --json | jq -r '.[] | select(.enabled | not) | .name'"],
  help: "NEXT RUN is the API's next_run_at (UTC). 'infra serverless schedules show <id> <schedule>' gives the next three runs in the schedule's timezone and in UTC.",
  run: async (app, { args: [ref] }) => {
    const t = await runsTarget(app, ref);
    const { value, raw } = await runsCall(t, t.api.schedules(t.id, { signal: app.ctx.signal }));
    if (app.json) {
      app.printJson(raw);
      return;
    }
    const table = app.table<Schedule>([
      idColumn(),
      { header: 'NAME', value: (s) => s.name ?? '' },
      { header: 'CRON', value: (s) => s.cron_expression ?? '' },
      { header: 'TIMEZONE', value: (s) => s.timezone ?? '', fit: { priority: 2 } },
      { header: 'ENABLED', value: (s) => (s.enabled === false ? 'paused' : s.enabled ? 'yes' : '') },
      { header: 'NEXT RUN', value: (s) => s.next_run_at ?? '', fit: { ...TIMESTAMP_FIT, priority: 1 } },
      { header: 'COMMAND', value: (s) => commandText(s.command), fit: { kind: 'text', min: 16 } },
    ]);
    table.add(value);
    await table.end();
    if (value.length === 0) app.info(`no schedules on ${ref}; add one with: infra serverless schedules create ${ref} --name NAME --cron "0 3 * * *" --timezone UTC -- COMMAND`);
  },
});
