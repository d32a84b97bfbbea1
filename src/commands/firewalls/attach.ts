import { resourceArg, defineCommand, option } from '../../cli/command.js';
import { UsageError } from '../../cli/errors.js';
import { resolveResource } from '../resource/resolve.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { subjectOf, waitForOperation } from '../kit/wait/operation.js';
import { FIREWALLS } from './family.js';
import { INSTANCE_TYPES, targetBody, targetOption } from './target.js';

export default defineCommand({
  path: ['firewalls', 'attach'],
  description: 'attach a firewall to an instance (an active firewall is applied to it); --wait until active',
  args: [resourceArg('<id>', 'firewall id or name', FIREWALLS.kind)],
  options: {
    to: option('--to <type:instance>', `(required) the instance: ${INSTANCE_TYPES.join(', ')}, then its id or name (vps:web-1)`, targetOption('--to')),
    ...operationWaitOptions('attachment'),
  },
  examples: ['infra firewalls attach web-ingress --to vps:vps-02 --wait', 'infra firewalls attach web-ingress --to database:orders-pg'],
  run: async (app, { args: [ref], opts }) => {
    const flags = waitFlagsOf(opts);
    // Checked here rather than by commander, so that a missing <id> is named first.
    if (!opts.to) throw new UsageError('--to is required: the instance to attach the firewall to', 'e.g. --to vps:vps-02');
    const to = opts.to;
    const { client, id, before, name } = await resolveResource(app, FIREWALLS, ref);
    const target = await targetBody(app, to);
    const accepted = await client.resources.action(FIREWALLS.kind, id, 'attach', target, { signal: app.ctx.signal });
    app.info(`attaching ${name} to ${to.type} ${to.ref}${to.ref === target.instance_id ? '' : ` (id ${target.instance_id})`}`);
    if (!flags.wait) {
      if (app.json) app.printJson({ id, ...target, ...accepted.raw });
      return;
    }
    return waitForOperation(app, client, FIREWALLS, subjectOf(FIREWALLS, 'attach', id, name, before), flags);
  },
});
