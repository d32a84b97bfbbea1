import { defineCommand, option, required } from '../../cli/command.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { subjectOf, waitForOperation } from '../kit/wait/operation.js';
import { QUEUE } from './family.js';
import { nonEmpty } from '../../cli/options.js';

export default defineCommand({
  path: ['queue', 'create'],
  description: 'create a managed RabbitMQ queue instance; --wait until it runs',
  options: {
    name: required('--name <name>', 'name of the instance (lowercase letters, digits and hyphens)', nonEmpty('--name')),
    profile: required('--profile, --plan <name>', 'resource profile, e.g. queue-micro, queue-small, queue-medium, queue-large', nonEmpty('--profile')),
    // Not --version: that is infra's own flag, accepted anywhere on the line.
    rabbitmqVersion: option('--rabbitmq-version <version>', 'RabbitMQ version (default: the platform picks one)', nonEmpty('--rabbitmq-version')),
    datacenter: option('--datacenter <dc>', 'datacenter (default fsn1, the only one queues run in)', nonEmpty('--datacenter')),
    ...operationWaitOptions('creation'),
  },
  examples: ['infra queue create --name jobs-rabbit --profile queue-small --wait', 'infra queue create --name jobs-rabbit --plan queue-medium --rabbitmq-version 4.0 --json'],
  run: async (app, { opts }) => {
    const flags = waitFlagsOf(opts);
    const client = await app.client();
    const body: Record<string, unknown> = { name: opts.name, resource_profile: opts.profile, datacenter: opts.datacenter ?? 'fsn1' };
    if (opts.rabbitmqVersion) body.version = opts.rabbitmqVersion;
    const created = await client.resources.create(QUEUE.kind, body, { signal: app.ctx.signal });
    const q = created.value;
    if (!app.json) app.print(q.id);
    app.info(`created ${q.name ?? opts.name} (id ${q.id})`);
    if (!flags.wait) {
      if (app.json) app.printJson(created.raw);
      return;
    }
    // The create answer's instance carries no status_details (only the show answer has them): the wait starts with a read.
    return waitForOperation(app, client, QUEUE, subjectOf(QUEUE, 'create', q.id, q.name ?? opts.name, null), flags);
  },
});
