// `infra firewalls create`: a draft with its rules (from --rule and/or --rules); it takes
// effect with `infra firewalls deploy` (or --deploy here).
import { defineCommand, flag, list, option, required } from '../../cli/command.js';
import { UsageError } from '../../cli/errors.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { subjectOf, waitForOperation } from '../kit/wait/operation.js';
import { FIREWALLS } from './family.js';
import { parseRule, parseRulesJson, RULE_SYNTAX } from './rules.js';
import { textOption } from '../../cli/options.js';

export default defineCommand({
  path: ['firewalls', 'create'],
  description: 'create a firewall (a draft until deployed) with rules from --rule and/or --rules',
  options: {
    name: required('--name <name>', 'name of the firewall', textOption('--name')),
    description: option('--description <text>', 'what the firewall is for', textOption('--description')),
    rule: list('--rule <rule>', `a rule: ${RULE_SYNTAX} (repeatable)`, (v) => parseRule(v)),
    rules: option('--rules <json|@file>', 'rules as the API takes them: a JSON array, inline or @file (before the --rule ones)', parseRulesJson),
    deploy: flag('--deploy', 'deploy it right away'),
    ...operationWaitOptions('deployment (with --deploy)'),
  },
  examples: [
    "infra firewalls create --name db-private --rule 'tcp/5432,from=10.42.0.0/16,name=postgres from app'",
    'infra firewalls create --name web --rule tcp/443 --rule tcp/80 --deploy --wait',
    'infra firewalls create --name edge --rules \'[{"direction":"inbound","protocol":"tcp","port":443}]\'',
  ],
  help: 'A rule is inbound and allowed unless it says otherwise, and comes from anywhere without\nfrom=. Examples: tcp/22,from=198.51.100.0/24   udp/51820   icmp   tcp/8000-8100,direction=out',
  run: async (app, { opts }) => {
    const flags = waitFlagsOf(opts);
    if (flags.wait && !opts.deploy) throw new UsageError('--wait waits for the deployment: add --deploy', 'a new firewall is a draft until deployed');
    const rules = [...(opts.rules ?? []), ...opts.rule].map((r, i) => ({ order: i + 1, ...r }));
    const client = await app.client();
    const body = { name: opts.name, ...(opts.description ? { description: opts.description } : {}), ...(rules.length ? { rules } : {}) };
    const created = await client.resources.create(FIREWALLS.kind, body, { signal: app.ctx.signal });
    const f = created.value;
    if (!app.json) app.print(f.id);
    app.info(`created firewall ${f.name ?? opts.name} (id ${f.id})${opts.deploy ? '' : `: a draft until 'infra firewalls deploy ${f.name ?? f.id}'`}`);
    if (!opts.deploy) {
      if (app.json) app.printJson(created.raw);
      return;
    }
    await client.resources.action(FIREWALLS.kind, f.id, 'deploy', undefined, { signal: app.ctx.signal });
    app.info(`deploying ${f.name ?? opts.name}`);
    if (!flags.wait) {
      if (app.json) app.printJson(created.raw);
      return;
    }
    return waitForOperation(app, client, FIREWALLS, subjectOf(FIREWALLS, 'deploy', f.id, f.name ?? opts.name, f), flags);
  },
});
