import { completedFrom, resourceArg, choice, defineCommand, option } from '../../cli/command.js';
import { UsageError } from '../../cli/errors.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { updateAndWait } from '../resource/write-and-wait.js';
import { choicesRoute } from '../resource/family.js';
import { CACHE } from './family.js';
import { nonEmpty } from '../../cli/options.js';

export default defineCommand({
  path: ['cache', 'update'],
  description: 'rename a cache, change its profile or switch automated snapshots; --wait until done',
  args: [resourceArg('<id>', 'cache id or name', CACHE.kind)],
  options: {
    name: option('--name <name>', 'new name (the private endpoint keeps its host)', nonEmpty('--name')),
    profile: completedFrom(option('--profile, --plan <name>', "new resource profile (see 'infra cache plans')", nonEmpty('--profile')), choicesRoute(CACHE, 'plans')),
    snapshots: choice('--automated-snapshots <on|off>', 'automated recovery points', ['on', 'off']),
    ...operationWaitOptions('update'),
  },
  examples: ['infra cache update sessions-redis --profile medium --wait', 'infra cache update sessions-redis --automated-snapshots off'],
  run: async (app, { args: [ref], opts }) => {
    const flags = waitFlagsOf(opts);
    const body: Record<string, unknown> = {};
    if (opts.name) body.name = opts.name;
    if (opts.profile) body.resource_profile = opts.profile;
    if (opts.snapshots) body.automated_snapshots_enabled = opts.snapshots === 'on';
    if (Object.keys(body).length === 0) throw new UsageError('nothing to update', 'give --name, --profile or --automated-snapshots');
    return updateAndWait(app, CACHE, ref, body, flags);
  },
});
