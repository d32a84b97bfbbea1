import { resourceArg, defineCommand } from '../../../cli/command.js';
import { UsageError } from '../../../cli/errors.js';
import { resolveResource } from '../../resource/resolve.js';
import { operationWaitOptions, waitFlagsOf } from '../../kit/wait/flags.js';
import { subjectOf, waitForOperation } from '../../kit/wait/operation.js';
import { BUCKETS } from './family.js';
import { settingsBody, settingsOptions } from './settings.js';

export default defineCommand({
  path: ['storage', 'buckets', 'update'],
  description: 'change the settings of a bucket (versioning, access, encryption, quota, retention, tags); --wait until applied',
  args: [resourceArg('<id>', 'bucket id or name', BUCKETS.kind)],
  options: { ...settingsOptions(), ...operationWaitOptions('update') },
  examples: [
    'infra storage buckets update acme-assets --versioning on --size-limit 200GB --wait',
    'infra storage buckets update acme-assets --access public',
    'infra storage buckets update acme-assets --size-limit none',
  ],
  run: async (app, { args: [ref], opts }) => {
    const flags = waitFlagsOf(opts);
    const body = settingsBody(opts);
    if (Object.keys(body).length === 0) throw new UsageError('nothing to update', 'give at least one setting, e.g. --versioning on (see --help)');
    if (body.encryption_type === 'sse-kms' && !opts.kmsKeyId) throw new UsageError('--encryption sse-kms needs --kms-key-id');
    const { client, id, before, name } = await resolveResource(app, BUCKETS, ref);
    const updated = await client.resources.update(BUCKETS.kind, id, body, { signal: app.ctx.signal });
    app.info(`updating ${name} (id ${id})`);
    if (!flags.wait) {
      if (app.json) app.printJson(updated.raw);
      return;
    }
    return waitForOperation(app, client, BUCKETS, subjectOf(BUCKETS, 'update', id, name, before), flags, { initial: updated.value });
  },
});
