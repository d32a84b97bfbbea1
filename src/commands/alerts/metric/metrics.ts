// `infra alerts metric metrics <resource-type>`: what `alerts metric create --metric` takes for
// a resource type, and which types can have metric alerts at all.
import { arg, defineCommand } from '../../../cli/command.js';
import { wideOption } from '../../../cli/options.js';
import { field } from '../../resource/family.js';
import { METRIC_ALERTS } from './family.js';

type Row = Record<string, unknown>;

export default defineCommand({
  path: ['alerts', 'metric', 'metrics'],
  description: 'the metrics a resource type can alert on (vps, kubernetes...)',
  args: [arg('<resource-type>', 'resource type, e.g. vps')],
  options: wideOption(),
  examples: ['infra alerts metric metrics vps', "infra alerts metric metrics vps --json | jq -r '.data[].metric_type'"],
  run: async (app, { args: [type] }) => {
    const client = await app.client();
    const { raw } = await client.resources.read(METRIC_ALERTS.kind, `/available-metrics/${encodeURIComponent(type)}`, { signal: app.ctx.signal });
    if (app.json) return app.printJson(raw);
    const answer = (raw ?? {}) as { data?: unknown; meta?: Row };
    // The facts type the items `unknown[]`: an object's fields, or a bare name.
    const rows = (Array.isArray(answer.data) ? answer.data : []).map((d): Row => (d && typeof d === 'object' ? (d as Row) : { metric_type: String(d) }));
    const table = app.table<Row>([
      { header: 'METRIC', value: (r) => field(r, 'metric_type') ?? field(r, 'key') ?? field(r, 'value') ?? '' },
      { header: 'LABEL', value: (r) => field(r, 'label') ?? field(r, 'metric_label') ?? '' },
      { header: 'UNIT', value: (r) => field(r, 'unit') ?? field(r, 'metric_unit') ?? '' },
    ]);
    table.add(rows);
    await table.end();
    const alertable = answer.meta?.alertable;
    const types = Array.isArray(answer.meta?.alertable_resource_types) ? (answer.meta!.alertable_resource_types as unknown[]).map(String).join(', ') : '';
    if (alertable === false || rows.length === 0) app.info(`${type} resources cannot have metric alerts${types ? `; these can: ${types}` : ''}`);
  },
});
