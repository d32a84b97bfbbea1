// `infra alerts metric create`: a threshold on one metric of a resource. A VPS is named by id
// or name; other types (kubernetes) by id.
import { choice, completedFrom, defineCommand, required } from '../../../cli/command.js';
import { UsageError } from '../../../cli/errors.js';
import { VPS_KIND } from '../../../client/families.js';
import { conditionFields, conditionOptions } from './flags.js';
import { METRIC_ALERTS } from './family.js';
import { nonEmpty } from '../../../cli/options.js';

export default defineCommand({
  path: ['alerts', 'metric', 'create'],
  description: "alert when a resource's metric crosses a threshold (see 'infra alerts metric metrics vps')",
  options: {
    resource: completedFrom(required('--resource <id-or-name>', 'the resource watched (a VPS by id or name)', nonEmpty('--resource')), VPS_KIND),
    resourceType: choice('--resource-type <type>', 'its type', ['vps', 'kubernetes'], 'vps'),
    metric: required('--metric <metric>', "metric type, e.g. cpu_usage (see 'infra alerts metric metrics vps')", nonEmpty('--metric')),
    ...conditionOptions(['database', 'mail', 'webhook']),
  },
  examples: [
    'infra alerts metric create --resource vps-01 --metric cpu_usage --operator gt --threshold 80 --duration 5 --notify mail',
    'infra alerts metric create --resource vps-03 --metric disk_usage --operator gte --threshold 90 --name vps-03-disk --json',
  ],
  run: async (app, { opts }) => {
    if (!opts.operator || opts.threshold === undefined) throw new UsageError('an alert needs --operator and --threshold', 'e.g. --operator gt --threshold 80');
    const client = await app.client();
    const resourceId = opts.resourceType === 'vps' ? (await client.resources.resolve(VPS_KIND, opts.resource, { signal: app.ctx.signal })).id : opts.resource;
    const body = { resource_type: opts.resourceType, resource_id: resourceId, metric_type: opts.metric, ...conditionFields(opts) };
    const created = await client.resources.create(METRIC_ALERTS.kind, body, { signal: app.ctx.signal });
    if (app.json) app.printJson(created.raw);
    else app.print(created.value.id);
    app.info(`created metric alert ${created.value.name ?? ''}${created.value.name ? ' ' : ''}(id ${created.value.id}) on ${opts.resourceType} ${opts.resource}`);
  },
});
