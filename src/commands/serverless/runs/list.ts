// `infra serverless runs list <id>`: the container's runs, newest first as the API sends them.
import { resourceArg, defineCommand } from '../../../cli/command.js';
import { CONTAINERS } from '../../../client/families.js';
import { wideOption } from '../../../cli/options.js';
import type { Run } from '../../../client/runs.js';
import { age } from '../../../output/age.js';
import { commandText, durationText, runsCall, runsTarget } from './shared.js';

export default defineCommand({
  path: ['serverless', 'runs', 'list'],
  description: "a container's one-off runs: id, status, exit code, command, created, duration",
  args: [resourceArg('<id>', 'container id, name or slug', CONTAINERS)],
  options: wideOption(),
  examples: ['infra serverless runs list web', 'infra serverless runs list web --json | jq -r \'.[] | select(.status == "failed") | .id\''],
  help: "--json prints the API's run objects as sent. 'infra serverless runs show <id> <run>' gives one in full.",
  run: async (app, { args: [ref] }) => {
    const t = await runsTarget(app, ref);
    const { value, raw } = await runsCall(t, t.api.list(t.id, { signal: app.ctx.signal }));
    if (app.json) {
      app.printJson(raw);
      return;
    }
    const now = app.ctx.clock.now();
    const table = app.table<Run>([
      { header: 'ID', value: (r) => r.id, fit: { kind: 'id' } },
      { header: 'STATUS', value: (r) => r.status ?? '', color: (v) => (v === 'succeeded' ? app.style.green(v) : ['failed', 'timed_out', 'cancelled'].includes(v) ? app.style.red(v) : v) },
      { header: 'EXIT', value: (r) => (r.exit_code === undefined || r.exit_code === null ? '' : String(r.exit_code)) },
      { header: 'COMMAND', value: (r) => commandText(r.command), fit: { kind: 'text', min: 16 } },
      { header: 'CREATED', value: (r) => (r.created_at ? age(r.created_at, now) : '') },
      { header: 'DURATION', value: (r) => durationText(r.duration_seconds), fit: { priority: 1 } },
    ]);
    table.add(value);
    await table.end();
    if (value.length === 0) app.info(`no runs of ${ref} yet; start one with: infra serverless run ${ref} -- COMMAND`);
  },
});
