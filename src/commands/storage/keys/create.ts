// `infra storage keys create`: the one answer that carries the secret. It goes to stdout once
// (people and scripts must store it now), and stderr says that it cannot be read again.
import { InvalidArgumentError } from 'commander';
import { defineCommand, list, option, required } from '../../../cli/command.js';
import { UsageError } from '../../../cli/errors.js';
import { durationOption, timestampOption, textOption } from '../../../cli/options.js';
import { BUCKETS } from '../buckets/family.js';
import { KEYS } from './family.js';

const LEVELS = ['read', 'readwrite', 'full'] as const;

/** `--bucket <bucket>[:<level>]`: a bucket id or name, and the level (read unless given). */
function bucketGrant(value: string): { ref: string; level: string } {
  const [ref = '', level = 'read', ...more] = value.trim().split(':');
  if (!ref || more.length || !(LEVELS as readonly string[]).includes(level)) throw new InvalidArgumentError(`--bucket takes <bucket>[:<level>] with a level of ${LEVELS.join(', ')} (got "${value}").`);
  return { ref, level };
}

export default defineCommand({
  path: ['storage', 'keys', 'create'],
  description: 'create an S3 access key (the secret is shown this once), for the whole project or some buckets',
  options: {
    name: required('--name <name>', 'name of the key', textOption('--name')),
    bucket: list('--bucket <bucket[:level]>', `limit the key to a bucket (id or name) at a level: ${LEVELS.join(', ')} (default read); repeatable`, bucketGrant),
    expiresAt: option('--expires-at <timestamp>', 'the key stops working then (ISO 8601 with an offset)', timestampOption('--expires-at')),
    expiresIn: option('--expires-in <duration>', 'the key stops working after this long, e.g. 90d', durationOption('--expires-in', { min: 60_000, max: Number.POSITIVE_INFINITY })),
  },
  examples: ['infra storage keys create --name release-uploader --bucket acme-assets:readwrite --expires-in 90d', 'infra storage keys create --name backup-job --json | jq -r .secret_access_key'],
  help: 'Without --bucket the key reaches every bucket of the project. The secret access key is\nprinted once, on stdout: the API never shows it again.',
  run: async (app, { opts }) => {
    if (opts.expiresAt && opts.expiresIn !== undefined) throw new UsageError('give --expires-at or --expires-in, not both');
    const client = await app.client();
    const grants = [];
    for (const g of opts.bucket) grants.push({ bucket_id: (await client.resources.resolve(BUCKETS.kind, g.ref, { signal: app.ctx.signal })).id, level: g.level });
    const expires = opts.expiresAt ?? (opts.expiresIn === undefined ? undefined : new Date(app.ctx.clock.now() + opts.expiresIn).toISOString());
    const body = { name: opts.name, scope: grants.length ? 'buckets' : 'team', ...(grants.length ? { bucket_permissions: grants } : {}), ...(expires ? { expires_at: expires } : {}) };
    const res = await client.http.request('POST', KEYS.kind.path, { body, permission: 'storage:write', signal: app.ctx.signal });
    const raw = (res.raw ?? {}) as Record<string, unknown>;
    const text = (k: string) => (typeof raw[k] === 'string' || typeof raw[k] === 'number' ? String(raw[k]) : undefined);
    if (app.json) app.printJson(raw);
    else
      app.keyValue([
        ['ID', text('id')],
        ['Name', text('name')],
        ['Access key ID', text('access_key_id')],
        ['Secret access key', text('secret_access_key')],
        ['Scope', text('scope')],
        ['Expires', text('expires_at') ?? 'never'],
      ]);
    if (text('secret_access_key')) app.warn('the secret access key above is shown only this once: store it now, it cannot be read again');
    else app.warn('the answer carried no secret access key: revoke this key and create another');
  },
});
