// `snapshots wait`: resumes a --wait of the snapshots commands that timed out or was
// interrupted (the resume line they print names one of these forms):
//   <product> <point> [--deleted]        a point being taken, or deleted
//   <product> --operation <id|url>       a restore operation (a 202 restore)
//   <product> --resource <id|name>       the resource a restore replaces or a clone creates
import { arg, completedFrom, resourceArg, defineCommand, flag, option } from '../../cli/command.js';
import { RECOVERY_POINTS } from '../../client/families.js';
import { UsageError } from '../../cli/errors.js';
import { durationOption, timestampOption, nonEmpty } from '../../cli/options.js';
import { looksLikeId } from '../../client/resolve.js';
import { waitFlagsOf } from '../kit/wait/flags.js';
import { productArg } from './format.js';
import { PRODUCT_RESOURCES, productSpec } from './targets.js';
import { waitForPoint, waitForResource, waitForRestoreOperation } from './waits.js';

export default defineCommand({
  path: ['snapshots', 'wait'],
  description: 'wait for a recovery point, a restore operation or a restored or cloned resource to settle (resumes a --wait)',
  args: [arg('<product>', 'vps, cache or database'), resourceArg('[point]', 'recovery point id or name', RECOVERY_POINTS)],
  options: {
    deleted: flag('--deleted', 'wait until the point is gone (a deletion)'),
    operation: option('--operation <id>', 'a restore operation: its id, as the restore printed it (read at GET /api/v1/operations/{id})', nonEmpty('--operation')),
    resource: completedFrom(option('--resource <id>', 'the VPS, cache or database a restore replaces or a clone creates (id or name)', nonEmpty('--resource')), PRODUCT_RESOURCES),
    observedAfter: option('--observed-after <timestamp>', 'with --resource: the observed_at of the read before the restore (printed when a --wait stops early)', timestampOption('--observed-after')),
    timeout: option('--timeout <duration>', 'give up waiting after this long (default 15m)', durationOption('--timeout', { min: 1_000 })),
    interval: option('--interval <duration>', 'longest pause between status checks (default 5s)', durationOption('--interval', { min: 100 })),
  },
  examples: [
    'infra snapshots wait vps 14 --timeout 30m',
    'infra snapshots wait database --resource shop-mysql --timeout 30m',
    'infra snapshots delete vps 12 --yes && infra snapshots wait vps 12 --deleted',
  ],
  run: async (app, { args, opts }) => {
    const product = productArg(args[0]);
    const point = args[1]?.trim() || undefined;
    const modes = [point, opts.operation, opts.resource].filter((x) => x !== undefined).length;
    if (modes !== 1) throw new UsageError('give exactly one of: a recovery point, --operation or --resource', 'the line printed by the command that stopped waiting says which');
    if (opts.deleted && !point) throw new UsageError('--deleted applies to a recovery point');
    if (opts.observedAfter && !opts.resource) throw new UsageError('--observed-after applies with --resource');
    // The operation's page (operation_url) is for people and may live on another host.
    if (opts.operation && /^https?:\/\//i.test(opts.operation))
      throw new UsageError('--operation takes the operation id, not its page', 'give the operation_id the restore printed (its page is for a browser)');
    const flags = waitFlagsOf(opts, true);
    const client = await app.client();
    if (opts.operation) return waitForRestoreOperation(app, client, product, opts.operation, `the ${product} restore`, flags);
    if (opts.resource) {
      const spec = productSpec(product);
      const id = (await client.resources.resolve(spec.kind, opts.resource, { signal: app.ctx.signal })).id;
      const { value } = await client.resources.get(spec.kind, id, { signal: app.ctx.signal });
      const before = opts.observedAfter ? { id, status_details: { observed_at: opts.observedAfter } } : null;
      return waitForResource(app, client, product, { id, name: value.name ?? opts.resource }, 'operation', before, flags, value, before !== null);
    }
    // An id is waited on as it is: a point already deleted then ends the wait at once (exit 0).
    const p = looksLikeId(point!, 'integer') ? { id: point!, name: point! } : (await client.recovery.findPoint(product, point!, { signal: app.ctx.signal })).item!;
    return waitForPoint(app, client, product, { id: p.id, name: p.name ?? p.id }, opts.deleted ? 'delete' : 'create', flags);
  },
});
