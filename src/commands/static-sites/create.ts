import { choice, defineCommand, required } from '../../cli/command.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { subjectOf, waitForOperation } from '../kit/wait/operation.js';
import { SITES } from './family.js';
import { textOption } from '../../cli/options.js';

export default defineCommand({
  path: ['static-sites', 'create'],
  description: "create a static site (then put content on it with 'infra static-sites deploy <site> <path>'); --wait until it is provisioned",
  options: {
    name: required('--name <name>', 'name of the site (its slug and URL derive from it)', textOption('--name')),
    plan: choice('--plan <plan>', 'plan (default free)', ['free', 'starter', 'pro']),
    ...operationWaitOptions('creation'),
  },
  examples: ['infra static-sites create --name status-page --wait', 'infra static-sites create --name handbook --plan starter --json'],
  run: async (app, { opts }) => {
    const flags = waitFlagsOf(opts);
    const client = await app.client();
    const created = await client.resources.create(SITES.kind, { name: opts.name, ...(opts.plan ? { plan: opts.plan } : {}) }, { signal: app.ctx.signal });
    const s = created.value;
    if (!app.json) app.print(s.id);
    app.info(`created ${s.name ?? opts.name} (id ${s.id})${typeof created.raw.url === 'string' ? `: ${created.raw.url}` : ''}`);
    if (!flags.wait) {
      if (app.json) app.printJson(created.raw);
      return;
    }
    return waitForOperation(app, client, SITES, subjectOf(SITES, 'create', s.id, s.name ?? opts.name, null), flags, { initial: s });
  },
});
