// `infra database replicas add <id> [--count N]`: replicas are created through GitOps and take
// a few minutes to sync; --wait follows the database's operation until they stream.
import { resourceArg, defineCommand, withDefault } from '../../cli/command.js';
import { intOption } from '../../cli/options.js';
import { resolveResource } from '../resource/resolve.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { subjectOf, waitForOperation } from '../kit/wait/operation.js';
import { DATABASE } from './family.js';

export default defineCommand({
  path: ['database', 'replicas', 'add'],
  description: 'add read replicas to a database (private endpoints only); --wait until they are synced',
  args: [resourceArg('<id>', 'database id or name', DATABASE.kind)],
  options: { count: withDefault('--count <n>', 'how many replicas to add', 1, intOption('--count')), ...operationWaitOptions('replica addition') },
  examples: ['infra database replicas add orders-pg --wait', 'infra database replicas add orders-pg --count 2 --json'],
  run: async (app, { args: [ref], opts }) => {
    const flags = waitFlagsOf(opts);
    const { client, id, before, name } = await resolveResource(app, DATABASE, ref);
    const added = await client.datastores.replicas.add(id, opts.count, { signal: app.ctx.signal });
    const replicas = added.value.replicas;
    const plural = `${opts.count} replica${opts.count > 1 ? 's' : ''}`;
    if (Array.isArray(replicas)) {
      const names = replicas.map((r) => r.replica_name ?? (r.replica_index === undefined || r.replica_index === null ? '' : `replica ${r.replica_index}`)).filter(Boolean);
      if (!app.json) for (const n of names) app.print(n);
      app.info(`adding ${plural} to ${name} (id ${id}); they sync in a few minutes`);
    } else {
      // v1.7.0's other answer: no replica names yet, one operation taking the count from -> to.
      const counts = replicas.from_count != null && replicas.to_count != null ? `, ${replicas.from_count} -> ${replicas.to_count}` : '';
      const operation = replicas.operation_id ? `, operation ${replicas.operation_id}` : '';
      app.info(`adding ${plural} to ${name} (id ${id}${counts}${operation}); they sync in a few minutes`);
    }
    if (!flags.wait) {
      if (app.json) app.printJson(added.raw);
      return;
    }
    return waitForOperation(app, client, DATABASE, subjectOf(DATABASE, 'replica addition', id, name, before), flags);
  },
});
