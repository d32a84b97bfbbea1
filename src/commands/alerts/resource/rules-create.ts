// `infra alerts resource rules create`: a rule on one signal of a resource. A VPS or a
// database is named by id or name; other types by id (see `alerts resource catalog`).
import { choice, defineCommand, required } from '../../../cli/command.js';
import { UsageError } from '../../../cli/errors.js';
import { datastoreKind, VPS_KIND } from '../../../client/families.js';
import type { ResourceKind } from '../../../client/resources.js';
import { conditionFields, conditionOptions } from '../metric/flags.js';
import { RULES } from './family.js';
import { nonEmpty } from '../../../cli/options.js';

export const RULE_CHANNELS = ['database', 'mail', 'webhook', 'slack', 'sms'] as const;
/** The families whose resources are looked up by name here. */
const BY_NAME: Record<string, ResourceKind> = { vps: VPS_KIND, database: datastoreKind('database') };

export default defineCommand({
  path: ['alerts', 'resource', 'rules', 'create'],
  description: "alert when a signal of a resource crosses a threshold (see 'infra alerts resource catalog')",
  options: {
    resourceType: required('--resource-type <type>', 'type of the resource: vps, database... (see the catalog)', nonEmpty('--resource-type')),
    resource: required('--resource <id-or-name>', 'the resource watched (a VPS or database by id or name; others by id)', nonEmpty('--resource')),
    signal: required('--signal <key>', 'signal key, e.g. memory_usage (see the catalog)', nonEmpty('--signal')),
    severity: choice('--severity <severity>', 'warning or critical', ['warning', 'critical']),
    ...conditionOptions(RULE_CHANNELS),
  },
  examples: [
    'infra alerts resource rules create --resource-type vps --resource vps-01 --signal cpu_usage --operator gt --threshold 90 --severity critical --notify mail',
    'infra alerts resource rules create --resource-type database --resource orders-pg --signal db_connection_usage --operator gte --threshold 80 --duration 10 --json',
  ],
  run: async (app, { opts }) => {
    if (!opts.operator || opts.threshold === undefined) throw new UsageError('a rule needs --operator and --threshold', 'e.g. --operator gt --threshold 90');
    const client = await app.client();
    const kind = BY_NAME[opts.resourceType];
    const resourceId = kind ? (await client.resources.resolve(kind, opts.resource, { signal: app.ctx.signal })).id : opts.resource;
    const body = { resource_type: opts.resourceType, resource_id: resourceId, signal_key: opts.signal, ...(opts.severity ? { severity: opts.severity } : {}), ...conditionFields(opts) };
    const created = await client.resources.create(RULES.kind, body, { signal: app.ctx.signal });
    if (app.json) app.printJson(created.raw);
    else app.print(created.value.id);
    app.info(`created alert rule ${typeof created.raw.title === 'string' ? `"${created.raw.title}" ` : ''}(id ${created.value.id})`);
  },
});
