// `infra database replicas remove <id> <replica>`: the replica by index or name. Destructive (the
// reads it serves stop): confirmed like a delete, by typing the replica's name.
import { resourceArg, arg, defineCommand, flag } from '../../cli/command.js';
import { CliError, UsageError } from '../../cli/errors.js';
import { NotFoundError } from '../../client/errors.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { confirmByName, needConfirmation } from '../resource/confirm.js';
import { resolveResource } from '../resource/resolve.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { subjectOf, waitForOperation } from '../kit/wait/operation.js';
import { DATABASE } from './family.js';

export default defineCommand({
  path: ['database', 'replicas', 'remove'],
  description: 'remove a read replica (asks to type its name on a terminal; --yes otherwise); --wait until done',
  args: [resourceArg('<id>', 'database id or name', DATABASE.kind), arg('<replica>', "replica index or name (see 'infra database replicas list <id>')")],
  options: { yes: flag('-y, --yes', 'remove without asking'), ...operationWaitOptions('replica removal') },
  examples: [
    'infra database replicas add orders-pg --wait && infra database replicas remove orders-pg orders-pg-2',
    'infra database replicas add orders-pg --wait && infra database replicas remove orders-pg 1 --yes --wait',
  ],
  run: async (app, { args: [ref, replica], opts }) => {
    const flags = waitFlagsOf(opts);
    const wanted = replica.trim();
    if (wanted === '0') throw new UsageError('index 0 is the primary: only replicas (1 and up) can be removed');
    if (!wanted) throw new UsageError("give the replica's index or name");
    needConfirmation(app, `remove replica ${wanted} of ${ref}`, opts.yes);
    const { client, id, before, name } = await resolveResource(app, DATABASE, ref);
    const endpoint = `GET /api/v1/database/${id}/replicas`;
    const { replicas } = (await client.datastores.replicas.list(id, { signal: app.ctx.signal })).value;
    const byIndex = /^\d+$/.test(wanted);
    const hit = replicas.find((r) => (byIndex ? r.index === Number(wanted) : r.name === wanted));
    // The facts type the items `unknown[]`: an index is sent as given when the list does not number them.
    const numbered = replicas.some((r) => typeof r.index === 'number');
    if (!hit && (!byIndex || numbered))
      throw new NotFoundError(`no replica ${byIndex ? 'with the index' : 'named'} "${wanted}" on ${name}; 'infra database replicas list ${ref}' lists them`, 404, endpoint);
    const index = byIndex ? Number(wanted) : hit?.index;
    if (typeof index !== 'number') throw new CliError(ExitCode.FAILED, `the replica list does not give the index of ${wanted}; remove it by its index`);
    const label = hit?.name ?? `replica ${index}`;
    await confirmByName(app, `Remove ${label} of ${name}? The reads it serves stop.`, hit?.name ?? String(index), opts.yes);
    const answer = await client.datastores.replicas.remove(id, index, { signal: app.ctx.signal });
    app.info(`removing ${label} of ${name} (id ${id})`);
    if (!flags.wait) {
      if (app.json) app.printJson({ id, replica: label, index, removed: true, ...(answer.raw && typeof answer.raw === 'object' ? answer.raw : {}) });
      return;
    }
    return waitForOperation(app, client, DATABASE, subjectOf(DATABASE, 'replica removal', id, name, before), flags);
  },
});
