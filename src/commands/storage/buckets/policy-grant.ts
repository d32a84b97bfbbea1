// `infra storage buckets policy grant <bucket> --key K (--folder F | --whole-bucket) --level L`:
// POST .../policy/folder-grants → 202 `{added_statements, warnings, ...}`. The API's warnings go
// to stderr; a 409 is retried once when its Retry-After is short (policy-retry.ts).
import { completedFrom, resourceArg, choice, defineCommand, flag, option, required } from '../../../cli/command.js';
import { UsageError } from '../../../cli/errors.js';
import { GRANT_LEVELS } from '../../../client/buckets.js';
import { KEYS } from '../keys/family.js';
import { BUCKETS } from './family.js';
import { withPolicyRetry } from './policy-retry.js';
import { nonEmpty } from '../../../cli/options.js';

export default defineCommand({
  path: ['storage', 'buckets', 'policy', 'grant'],
  description: 'give an access key read, read-write or full access to a folder of a bucket (or the whole bucket)',
  args: [resourceArg('<bucket>', 'bucket id or name', BUCKETS.kind)],
  options: {
    key: completedFrom(required('--key <id|name>', "the access key (see 'infra storage keys list')", nonEmpty('--key')), KEYS.kind),
    folder: option('--folder <prefix>', 'the folder (key prefix), e.g. uploads/', nonEmpty('--folder')),
    wholeBucket: flag('--whole-bucket', 'the whole bucket instead of a folder'),
    level: choice('--level <level>', 'what the key may do there', GRANT_LEVELS, 'read'),
  },
  examples: [
    'infra storage buckets policy grant acme-assets --key ci-deploy --folder uploads/ --level readwrite',
    'infra storage buckets policy grant acme-assets --key backup-agent --whole-bucket --level read --json',
  ],
  run: async (app, { args: [ref], opts }) => {
    if (!!opts.folder === opts.wholeBucket) throw new UsageError('give exactly one of --folder and --whole-bucket');
    const client = await app.client();
    const signal = app.ctx.signal;
    const bucket = await client.resources.resolve(BUCKETS.kind, ref, { signal });
    const key = await client.resources.resolve(KEYS.kind, opts.key, { signal });
    const name = bucket.item?.name ?? ref;
    const body = { key_id: key.id, ...(opts.folder ? { folder: opts.folder } : { whole_bucket: true }), level: opts.level };
    const { raw } = await withPolicyRetry(app, `the grant on ${name}`, () => client.buckets.grant(bucket.id, body, { signal }));
    if (app.json) return app.printJson(raw);
    const answer = (raw ?? {}) as Record<string, unknown>;
    for (const w of Array.isArray(answer.warnings) ? answer.warnings : []) app.warn(String(w));
    const added = Array.isArray(answer.added_statements) ? answer.added_statements.length : 0;
    app.info(`${opts.level} access to ${opts.folder ?? 'the whole bucket'} of ${name} granted to key ${key.item?.name ?? opts.key}: ${added} statement${added === 1 ? '' : 's'} added`);
  },
});
