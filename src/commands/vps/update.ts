import { resourceArg, choice, defineCommand, option } from '../../cli/command.js';
import { UsageError } from '../../cli/errors.js';
import { resolveResource } from '../resource/resolve.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { subjectOf, waitForOperation } from '../kit/wait/operation.js';
import { VPS } from './family.js';
import { nonEmpty } from '../../cli/options.js';

export default defineCommand({
  path: ['vps', 'update'],
  description: 'change the resource profile or CPU allocation of a VPS (it is recreated); --wait until it runs',
  args: [resourceArg('<id>', 'VPS id or name', VPS.kind)],
  options: {
    profile: option('--profile, --plan <name>', "new resource profile (see 'infra vps plans')", nonEmpty('--profile')),
    cpu: choice('--cpu <allocation>', 'CPU allocation', ['shared', 'dedicated']),
    ...operationWaitOptions('update'),
  },
  examples: ['infra vps update vps-01 --profile medium --wait', 'infra vps update vps-01 --cpu dedicated'],
  run: async (app, { args: [ref], opts }) => {
    const flags = waitFlagsOf(opts);
    const body: Record<string, unknown> = {};
    if (opts.profile) body.resource_profile = opts.profile;
    if (opts.cpu) body.cpu_allocation_type = opts.cpu;
    if (Object.keys(body).length === 0) throw new UsageError('nothing to update', 'give --profile or --cpu');
    const { client, id, before, name } = await resolveResource(app, VPS, ref);
    const updated = await client.resources.update(VPS.kind, id, body, { signal: app.ctx.signal });
    app.info(`updating ${name} (id ${id})`);
    if (!flags.wait) {
      if (app.json) app.printJson(updated.raw);
      return;
    }
    return waitForOperation(app, client, VPS, subjectOf(VPS, 'update', id, name, before), flags, { initial: updated.value });
  },
});
