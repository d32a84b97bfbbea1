// `snapshots create <product> <resource> --name N`: a recovery point taken by hand (201
// `{message, snapshot}`); --wait until it is available.
import { arg, resourceArg, defineCommand, option, required } from '../../cli/command.js';
import { PRODUCT_RESOURCES } from './targets.js';
import { textOption } from '../../cli/options.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { productArg } from './format.js';
import { productSpec, pointStatus } from './targets.js';
import { waitForPoint } from './waits.js';

export default defineCommand({
  path: ['snapshots', 'create'],
  description: 'take a recovery point of a VPS, cache or database by hand (kept until deleted); --wait until it is available',
  args: [arg('<product>', 'vps, cache or database'), resourceArg('<resource>', 'id or name of the VPS, cache or database', PRODUCT_RESOURCES)],
  options: {
    name: required('--name <name>', 'name of the point', textOption('--name')),
    description: option('--description <text>', 'what the point is for'),
    ...operationWaitOptions('point'),
  },
  examples: ['infra snapshots create vps vps-01 --name before-upgrade --wait', "infra snapshots create database shop-mysql --name pre-migration --description 'before the 2.0 schema'"],
  run: async (app, { args, opts }) => {
    const product = productArg(args[0]);
    const flags = waitFlagsOf(opts);
    const client = await app.client();
    const resource = await client.resources.resolve(productSpec(product).kind, args[1], { signal: app.ctx.signal });
    const created = await client.recovery.createPoint(product, resource.id, opts.name, opts.description, { signal: app.ctx.signal });
    const point = created.value.snapshot;
    if (!app.json) app.print(point.id);
    app.info(`taking point ${point.id} (${point.name ?? opts.name}) of ${resource.item?.name ?? args[1]}${point.status ? `: ${point.status}` : ''}`);
    if (!flags.wait) {
      if (app.json) app.printJson(created.raw);
      return;
    }
    return waitForPoint(app, client, product, { id: point.id, name: point.name ?? opts.name }, 'create', flags, pointStatus(point));
  },
});
