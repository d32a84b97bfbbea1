import { resourceArg, choice, defineCommand } from '../../../cli/command.js';
import { UsageError } from '../../../cli/errors.js';
import { conditionFields, conditionOptions } from '../metric/flags.js';
import { RULE_CHANNELS } from './rules-create.js';
import { RULES } from './family.js';

export default defineCommand({
  path: ['alerts', 'resource', 'rules', 'update'],
  description: "change a rule's condition, severity, name or channels (its resource and signal stay)",
  args: [resourceArg('<id>', 'alert rule id, name or title', RULES.kind)],
  options: { severity: choice('--severity <severity>', 'warning or critical', ['warning', 'critical']), ...conditionOptions(RULE_CHANNELS) },
  examples: ['infra alerts resource rules update vps-01-memory --threshold 95 --severity warning', 'infra alerts resource rules update orders-pg-connections --notify slack --notify mail'],
  run: async (app, { args: [ref], opts }) => {
    const body = { ...(opts.severity ? { severity: opts.severity } : {}), ...conditionFields(opts) };
    if (Object.keys(body).length === 0) throw new UsageError('nothing to update', 'give --operator, --threshold, --duration, --severity, --name, --description or --notify');
    const client = await app.client();
    const id = (await client.resources.resolve(RULES.kind, ref, { signal: app.ctx.signal })).id;
    const updated = await client.resources.update(RULES.kind, id, body, { signal: app.ctx.signal });
    if (app.json) app.printJson(updated.raw);
    app.info(`updated ${updated.value.name ?? ref} (id ${id}): ${Object.keys(body).join(', ')}`);
  },
});
