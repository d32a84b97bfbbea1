import { completedFrom, resourceArg, choice, defineCommand, option } from '../../cli/command.js';
import { intOption, nonEmpty } from '../../cli/options.js';
import { UsageError } from '../../cli/errors.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { choicesRoute } from '../resource/family.js';
import { DATABASE } from './family.js';
import { updateAndWait } from '../resource/write-and-wait.js';

export default defineCommand({
  path: ['database', 'update'],
  description: 'rename a database, change its profile, grow its storage or switch automated snapshots; --wait until done',
  args: [resourceArg('<id>', 'database id or name', DATABASE.kind)],
  options: {
    name: option('--name <name>', 'new name (the private endpoint keeps its host)', nonEmpty('--name')),
    profile: completedFrom(option('--profile, --plan <name>', "new resource profile (see 'infra database plans')", nonEmpty('--profile')), choicesRoute(DATABASE, 'plans')),
    storage: option('--storage <gb>', 'new storage size in GB (storage grows, it never shrinks)', intOption('--storage', 1, 100_000)),
    snapshots: choice('--automated-snapshots <on|off>', 'automated recovery points', ['on', 'off']),
    ...operationWaitOptions('update'),
  },
  examples: ['infra database update orders-pg --profile medium --wait', 'infra database update orders-pg --storage 60', 'infra database update orders-pg --automated-snapshots off'],
  run: async (app, { args: [ref], opts }) => {
    const flags = waitFlagsOf(opts);
    const body: Record<string, unknown> = {};
    if (opts.name) body.name = opts.name;
    if (opts.profile) body.resource_profile = opts.profile;
    if (opts.storage !== undefined) body.storage_size_gb = opts.storage;
    if (opts.snapshots) body.automated_snapshots_enabled = opts.snapshots === 'on';
    if (Object.keys(body).length === 0) throw new UsageError('nothing to update', 'give --name, --profile, --storage or --automated-snapshots');
    return updateAndWait(app, DATABASE, ref, body, flags);
  },
});
