// `infra database replicas status <id>`: whether the primary replicates, and each replica's state.
import { resourceArg, defineCommand } from '../../cli/command.js';
import { DATABASE } from './family.js';

export default defineCommand({
  path: ['database', 'replicas', 'status'],
  description: 'replication status of a database: replicating or not, and the state and lag of each replica',
  args: [resourceArg('<id>', 'database id or name', DATABASE.kind)],
  examples: ['infra database replicas status orders-pg', 'infra database replicas status orders-pg --json | jq .is_replicating'],
  run: async (app, { args: [ref] }) => {
    const client = await app.client();
    const id = (await client.resources.resolve(DATABASE.kind, ref, { signal: app.ctx.signal })).id;
    const answer = await client.datastores.replicas.status(id, { signal: app.ctx.signal });
    if (app.json) return app.printJson(answer.raw);
    const s = answer.value;
    app.keyValue([
      ['Replicating', s.is_replicating === true ? 'yes' : s.is_replicating === false ? 'no' : undefined],
      ['Replicas', s.replica_count === undefined || s.replica_count === null ? String(s.replicas.length) : String(s.replica_count)],
      ...s.replicas.map((r, i): [string, string | undefined] => [
        r.name ?? `replica ${r.index ?? i + 1}`,
        [r.state ?? r.status ?? 'unknown', r.lag_bytes === undefined || r.lag_bytes === null ? '' : `lag ${r.lag_bytes} bytes`, r.sync_state ?? ''].filter(Boolean).join(', '),
      ]),
    ]);
  },
});
