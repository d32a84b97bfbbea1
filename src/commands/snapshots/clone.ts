// `snapshots clone <cache|database> <point> --name N`: restore to a new resource (docs/behaviour.md#api-recovery:
// the original keeps running with its address and credentials; the new one gets its own).
// 201 `{message, instance}`; --wait until the new resource is ready.
import { arg, resourceArg, choice, defineCommand, option, required } from '../../cli/command.js';
import { RECOVERY_POINTS } from '../../client/families.js';
import { UsageError } from '../../cli/errors.js';
import { CLONE_PRODUCTS, type CloneProduct } from '../../client/recovery.js';
import { Resource } from '../../client/resources.js';
import { need } from '../../client/wire.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { resourceLabel } from './format.js';
import { waitForResource } from './waits.js';
import { nonEmpty } from '../../cli/options.js';

function cloneProduct(raw: string): CloneProduct {
  const p = raw.trim().toLowerCase();
  const hit = CLONE_PRODUCTS.find((x) => x === p);
  if (!hit)
    throw new UsageError(
      `unknown product "${raw}" for a clone: use cache or database`,
      p === 'vps' ? 'the API has no clone of VPS points; restore one in place with infra snapshots restore vps' : "'infra recovery capabilities' shows what each product supports",
    );
  return hit;
}

export default defineCommand({
  path: ['snapshots', 'clone'],
  description: 'restore a cache or database point to a new resource (the original is untouched); --wait until the new one is ready',
  args: [arg('<product>', 'cache or database'), resourceArg('<point>', 'recovery point id or name', RECOVERY_POINTS)],
  options: {
    name: required('--name <name>', 'name of the new cache or database', nonEmpty('--name')),
    databaseName: option('--database-name <name>', 'database to create in the new instance (databases only)', nonEmpty('--database-name')),
    source: choice('--source <type>', 'the copy of the point to restore (the volume snapshot, or the backup in the object store)', ['volume_snapshot', 'velero_backup'], 'volume_snapshot'),
    ...operationWaitOptions('new resource'),
  },
  examples: ['infra snapshots clone database 33 --name orders-pg-copy --wait', 'infra snapshots clone cache 21 --name sessions-redis-restored'],
  run: async (app, { args, opts }) => {
    const product = cloneProduct(args[0]);
    const flags = waitFlagsOf(opts);
    if (opts.databaseName !== undefined && product !== 'database') throw new UsageError('--database-name applies to databases only');
    const client = await app.client();
    const { item: point } = await client.recovery.findPoint(product, args[1], { signal: app.ctx.signal });
    const body = { name: opts.name, source_type: opts.source, ...(opts.databaseName ? { database_name: opts.databaseName } : {}) };
    const answer = await client.recovery.clonePoint(product, point!.id, body, { signal: app.ctx.signal });
    const endpoint = `POST /api/v1/snapshots/${product}/${point!.id}/clone`;
    const parsed = Resource.safeParse(answer.value.instance);
    const instance = need(parsed.success ? parsed.data : undefined, endpoint, 'instance.id');
    const name = instance.name ?? opts.name;
    if (!app.json) app.print(instance.id);
    app.info(`restoring point ${point!.id} of ${resourceLabel(point!, product) || 'its resource'} to a new ${product} ${name} (id ${instance.id})`);
    if (!flags.wait) {
      if (app.json) app.printJson(answer.value.instance);
      return;
    }
    return waitForResource(app, client, product, { id: instance.id, name }, 'clone', null, flags, instance);
  },
});
