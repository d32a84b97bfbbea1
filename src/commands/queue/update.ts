import { resourceArg, choice, defineCommand, option } from '../../cli/command.js';
import { UsageError } from '../../cli/errors.js';
import { resolveResource } from '../resource/resolve.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { subjectOf, waitForOperation } from '../kit/wait/operation.js';
import { QUEUE } from './family.js';
import { nonEmpty } from '../../cli/options.js';

export default defineCommand({
  path: ['queue', 'update'],
  description: 'change the resource profile or the automated snapshots of a queue instance; --wait until it runs',
  args: [resourceArg('<id>', 'queue instance id or name', QUEUE.kind)],
  options: {
    profile: option('--profile, --plan <name>', 'new resource profile, e.g. queue-medium', nonEmpty('--profile')),
    snapshots: choice('--automated-snapshots <on|off>', 'daily automated snapshots', ['on', 'off']),
    ...operationWaitOptions('update'),
  },
  examples: ['infra queue update events-rabbit --profile queue-medium --wait', 'infra queue update events-rabbit --automated-snapshots off'],
  run: async (app, { args: [ref], opts }) => {
    const flags = waitFlagsOf(opts);
    const body: Record<string, unknown> = {};
    if (opts.profile) body.resource_profile = opts.profile;
    if (opts.snapshots) body.automated_snapshots_enabled = opts.snapshots === 'on';
    if (Object.keys(body).length === 0) throw new UsageError('nothing to update', 'give --profile or --automated-snapshots');
    const { client, id, before, name } = await resolveResource(app, QUEUE, ref);
    // The answer's instance may be null (real-api: `instance: QueueInstance | null`), and carries no
    // status_details when it is not: the wait starts with a read either way.
    const updated = await client.resources.updateAccepted(QUEUE.kind, id, body, { signal: app.ctx.signal });
    app.info(`updating ${name} (id ${id})`);
    if (!flags.wait) {
      if (app.json) app.printJson(updated.read?.raw ?? updated.answer);
      return;
    }
    return waitForOperation(app, client, QUEUE, subjectOf(QUEUE, 'update', id, name, before), flags);
  },
});
