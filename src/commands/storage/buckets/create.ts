import { InvalidArgumentError } from 'commander';
import { defineCommand, flag, required, withDefault } from '../../../cli/command.js';
import { UsageError } from '../../../cli/errors.js';
import { operationWaitOptions, waitFlagsOf } from '../../kit/wait/flags.js';
import { subjectOf, waitForOperation } from '../../kit/wait/operation.js';
import { BUCKETS } from './family.js';
import { settingsBody, settingsOptions } from './settings.js';
import { nonEmpty } from '../../../cli/options.js';

/** S3's naming rules, checked here so a name the service must refuse is never sent. */
function bucketName(value: string): string {
  const v = value.trim();
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v) || v.includes('..') || /^\d+\.\d+\.\d+\.\d+$/.test(v))
    throw new InvalidArgumentError('--name: a bucket name has 3 to 63 lowercase letters, digits, dots or hyphens, and starts and ends with a letter or digit.');
  return v;
}

export default defineCommand({
  path: ['storage', 'buckets', 'create'],
  description: 'create an S3-compatible bucket; --wait until it is ready',
  options: {
    name: required('--name <name>', 'bucket name (3-63 lowercase letters, digits, dots, hyphens)', bucketName),
    region: withDefault('--region <region>', 'region', 'fsn1', nonEmpty('--region')),
    objectLock: flag('--object-lock', 'enable object lock (only at creation; needed for --retention-mode)'),
    ...settingsOptions(),
    ...operationWaitOptions('creation'),
  },
  examples: ['infra storage buckets create --name acme-backups --wait', 'infra storage buckets create --name acme-audit --object-lock --retention-mode governance --retention-days 30 --versioning on'],
  run: async (app, { opts }) => {
    const flags = waitFlagsOf(opts);
    const settings = settingsBody(opts);
    if (settings.encryption_type === 'sse-kms' && !opts.kmsKeyId) throw new UsageError('--encryption sse-kms needs --kms-key-id');
    if ((opts.retentionMode || opts.retentionDays !== undefined) && !opts.objectLock)
      throw new UsageError('a default retention needs --object-lock', 'object lock can only be turned on when the bucket is created');
    const body: Record<string, unknown> = { name: opts.name, region: opts.region, ...settings, ...(opts.objectLock ? { object_lock_enabled: true } : {}) };
    const client = await app.client();
    const created = await client.resources.create(BUCKETS.kind, body, { signal: app.ctx.signal });
    const b = created.value;
    if (!app.json) app.print(b.id);
    app.info(`created bucket ${b.name ?? opts.name} (id ${b.id})`);
    if (!flags.wait) {
      if (app.json) app.printJson(created.raw);
      return;
    }
    return waitForOperation(app, client, BUCKETS, subjectOf(BUCKETS, 'create', b.id, b.name ?? opts.name, null), flags, { initial: b });
  },
});
