import { resourceArg, defineCommand } from '../../../cli/command.js';
import { UsageError } from '../../../cli/errors.js';
import { conditionFields, conditionOptions } from './flags.js';
import { METRIC_ALERTS } from './family.js';

export default defineCommand({
  path: ['alerts', 'metric', 'update'],
  description: "change a metric alert's condition, name or channels (its resource and metric stay)",
  args: [resourceArg('<id>', 'metric alert id or name', METRIC_ALERTS.kind)],
  options: conditionOptions(['database', 'mail', 'webhook']),
  examples: ['infra alerts metric update vps-01-cpu-high --threshold 85 --duration 10', 'infra alerts metric update vps-01-disk --notify mail --notify webhook'],
  run: async (app, { args: [ref], opts }) => {
    const body = conditionFields(opts);
    if (Object.keys(body).length === 0) throw new UsageError('nothing to update', 'give --operator, --threshold, --duration, --name, --description or --notify');
    const client = await app.client();
    const id = (await client.resources.resolve(METRIC_ALERTS.kind, ref, { signal: app.ctx.signal })).id;
    const updated = await client.resources.update(METRIC_ALERTS.kind, id, body, { signal: app.ctx.signal });
    if (app.json) app.printJson(updated.raw);
    app.info(`updated ${updated.value.name ?? ref} (id ${id}): ${Object.keys(body).join(', ')}`);
  },
});
