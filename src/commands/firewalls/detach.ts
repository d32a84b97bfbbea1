// Detaching is immediate (the API answers "detached"): nothing to wait for, and no data is
// lost, so no confirmation either.
import { resourceArg, defineCommand, option } from '../../cli/command.js';
import { UsageError } from '../../cli/errors.js';
import { resolveResource } from '../resource/resolve.js';
import { FIREWALLS } from './family.js';
import { INSTANCE_TYPES, targetBody, targetOption } from './target.js';

export default defineCommand({
  path: ['firewalls', 'detach'],
  description: 'detach a firewall from an instance',
  args: [resourceArg('<id>', 'firewall id or name', FIREWALLS.kind)],
  options: { from: option('--from <type:instance>', `(required) the instance: ${INSTANCE_TYPES.join(', ')}, then its id or name (vps:vps-01)`, targetOption('--from')) },
  examples: ['infra firewalls detach web-ingress --from vps:vps-01'],
  run: async (app, { args: [ref], opts }) => {
    if (!opts.from) throw new UsageError('--from is required: the instance to detach the firewall from', 'e.g. --from vps:vps-01');
    const from = opts.from;
    const { client, id, name } = await resolveResource(app, FIREWALLS, ref);
    const target = await targetBody(app, from);
    const accepted = await client.resources.action(FIREWALLS.kind, id, 'detach', target, { signal: app.ctx.signal });
    app.info(`detached ${name} from ${from.type} ${from.ref}`);
    if (app.json) app.printJson({ id, ...target, ...accepted.raw });
  },
});
