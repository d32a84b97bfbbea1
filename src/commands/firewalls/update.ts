// `infra firewalls update`: an update sends the whole rule list, so added and removed rules
// are merged with the firewall's current rules first (read just before); --rules replaces them.
import { resourceArg, defineCommand, list, option } from '../../cli/command.js';
import { UsageError } from '../../cli/errors.js';
import { resolveResource } from '../resource/resolve.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { subjectOf, waitForOperation } from '../kit/wait/operation.js';
import { FIREWALLS, rulesOf } from './family.js';
import { asRequestRule, parseRule, parseRulesJson, RULE_SYNTAX, type Rule } from './rules.js';
import { textOption } from '../../cli/options.js';

export default defineCommand({
  path: ['firewalls', 'update'],
  description: 'rename a firewall or change its rules (an active one is applied again); --wait until active',
  args: [resourceArg('<id>', 'firewall id or name', FIREWALLS.kind)],
  options: {
    name: option('--name <name>', 'new name', textOption('--name')),
    description: option('--description <text>', 'new description', textOption('--description')),
    addRule: list('--add-rule <rule>', `add a rule: ${RULE_SYNTAX} (repeatable)`, (v) => parseRule(v, '--add-rule')),
    removeRule: list('--remove-rule <name|id>', 'remove the rule with this name or id (repeatable)', textOption('--remove-rule')),
    rules: option('--rules <json|@file>', 'replace every rule: a JSON array, inline or @file ([] removes them all)', parseRulesJson),
    ...operationWaitOptions('update'),
  },
  examples: [
    'infra firewalls update web-ingress --add-rule tcp/8443,name=alt-https --wait',
    "infra firewalls update web-ingress --remove-rule 'ssh office'",
    'infra firewalls update web-ingress --rules \'[{"direction":"inbound","protocol":"tcp","port":443,"name":"https"}]\'',
  ],
  run: async (app, { args: [ref], opts }) => {
    const flags = waitFlagsOf(opts);
    const editing = opts.addRule.length > 0 || opts.removeRule.length > 0;
    if (opts.rules && editing) throw new UsageError('--rules replaces every rule: give it alone, or use --add-rule/--remove-rule');
    if (!opts.name && !opts.description && !opts.rules && !editing) throw new UsageError('nothing to update', 'give --name, --description, --add-rule, --remove-rule or --rules');
    const { client, id, before, name } = await resolveResource(app, FIREWALLS, ref);
    const body: Record<string, unknown> = {};
    if (opts.name) body.name = opts.name;
    if (opts.description) body.description = opts.description;
    if (opts.rules) body.rules = opts.rules;
    if (editing) {
      // A list item may come without its rules (the API loads them on the one-firewall read).
      const current = rulesOf(before) ?? rulesOf((await client.resources.get(FIREWALLS.kind, id, { signal: app.ctx.signal })).raw) ?? [];
      body.rules = merge(current, opts.addRule, opts.removeRule, ref);
    }
    const updated = await client.resources.update(FIREWALLS.kind, id, body, { signal: app.ctx.signal });
    app.info(`updated ${name} (id ${id})${updated.value.status ? `: ${updated.value.status}` : ''}`);
    if (!flags.wait) {
      if (app.json) app.printJson(updated.raw);
      return;
    }
    return waitForOperation(app, client, FIREWALLS, subjectOf(FIREWALLS, 'update', id, name, before), flags, { initial: updated.value });
  },
});

function merge(current: Rule[], add: Rule[], remove: string[], firewall: string): Rule[] {
  const missing = remove.filter((r) => !current.some((c) => c.name === r || String(c.id) === r));
  if (missing.length) throw new UsageError(`no rule named ${missing.map((m) => `"${m}"`).join(', ')} on this firewall`, `'infra firewalls get ${firewall}' lists its rules`);
  const kept = current.filter((c) => !remove.some((r) => c.name === r || String(c.id) === r));
  return [...kept, ...add].map((r, i) => ({ ...asRequestRule(r), order: i + 1 }));
}
