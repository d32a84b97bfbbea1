// `snapshots delete <product> <point>`: confirmed like any delete (type the point's name on a
// terminal, --yes otherwise); --wait until the point is gone. A point a restore depends on
// cannot be deleted (409, exit 1).
import { arg, resourceArg, defineCommand, flag } from '../../cli/command.js';
import { RECOVERY_POINTS } from '../../client/families.js';
import { confirmByName, needConfirmation } from '../resource/confirm.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { productArg, resourceLabel } from './format.js';
import { waitForPoint } from './waits.js';

export default defineCommand({
  path: ['snapshots', 'delete'],
  description: 'delete a recovery point (asks to type its name on a terminal; --yes otherwise); --wait until it is gone',
  args: [arg('<product>', 'vps, cache or database'), resourceArg('<point>', 'recovery point id or name', RECOVERY_POINTS)],
  options: { yes: flag('-y, --yes', 'delete without asking'), ...operationWaitOptions('deletion') },
  examples: ['infra snapshots delete vps 12', 'infra snapshots delete vps 12 --yes --wait'],
  run: async (app, { args, opts }) => {
    const product = productArg(args[0]);
    const flags = waitFlagsOf(opts);
    needConfirmation(app, `delete recovery point ${args[1]}`, opts.yes);
    const client = await app.client();
    const found = await client.recovery.findPoint(product, args[1], { signal: app.ctx.signal });
    const point = found.item!;
    const name = point.name ?? point.id;
    const of = resourceLabel(point, product);
    await confirmByName(app, `Delete ${product} recovery point ${point.id} (${name}${of ? ` of ${of}` : ''})? It cannot be restored afterwards.`, name, opts.yes);
    const answer = await client.recovery.deletePoint(product, point.id, { signal: app.ctx.signal });
    app.info(`deleting point ${point.id} (${name})${answer.value.message ? `: ${answer.value.message}` : ''}`);
    if (!flags.wait) {
      if (app.json) app.printJson({ id: point.id, name, deleted: true, ...(answer.raw as Record<string, unknown>) });
      return;
    }
    return waitForPoint(app, client, product, { id: point.id, name }, 'delete', flags);
  },
});
