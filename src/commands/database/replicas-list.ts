// `infra database replicas list <id>`: the primary and its read replicas (GET .../replicas).
// Read endpoints are private only and keep the engine port, public DNS or not (docs/behaviour.md#api-connection-fields).
import { resourceArg, defineCommand } from '../../cli/command.js';
import { wideOption } from '../../cli/options.js';
import type { Replica } from '../../client/datastores.js';
import { DATABASE } from './family.js';
import { READ_ENDPOINTS_NOTE } from '../resource/connection.js';

type Row = Replica & { role: string };

export default defineCommand({
  path: ['database', 'replicas', 'list'],
  description: 'the primary and the read replicas of a database: status, readiness, private endpoints',
  args: [resourceArg('<id>', 'database id or name', DATABASE.kind)],
  options: wideOption(),
  examples: ['infra database replicas list orders-pg', 'infra database replicas list orders-pg --json | jq .replicas'],
  run: async (app, { args: [ref] }) => {
    const client = await app.client();
    const id = (await client.resources.resolve(DATABASE.kind, ref, { signal: app.ctx.signal })).id;
    const answer = await client.datastores.replicas.list(id, { signal: app.ctx.signal });
    if (app.json) return app.printJson(answer.raw);
    const { master, replicas, billing } = answer.value;
    const yesNo = (v: boolean | null | undefined) => (v === true ? 'yes' : v === false ? 'no' : '');
    const table = app.table<Row>([
      { header: 'ROLE', value: (r) => r.role },
      { header: 'INDEX', value: (r) => (r.index === undefined || r.index === null ? '' : String(r.index)) },
      { header: 'NAME', value: (r) => r.name ?? '' },
      { header: 'STATUS', value: (r) => r.status ?? r.state ?? '' },
      { header: 'READY', value: (r) => yesNo(r.ready) },
      { header: 'ENDPOINT', value: (r) => r.endpoint ?? '', fit: { kind: 'text', min: 20, priority: 1 } },
    ]);
    table.add([...(master ? [{ ...master, role: 'primary', index: 0 }] : []), ...replicas.map((r) => ({ ...r, role: 'replica' }))]);
    await table.end();
    if (replicas.length === 0) app.info(`no read replicas; add one with: infra database replicas add ${ref}`);
    else app.info(`read endpoints: ${READ_ENDPOINTS_NOTE}`);
    const monthly = billing?.monthly_cost_cents;
    if (typeof monthly === 'number' && replicas.length) app.info(`the replicas cost $${(monthly / 100).toFixed(2)} a month`);
  },
});
