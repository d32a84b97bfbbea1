// A read of the rows below one resource (`{data: [...], meta}`): an uptime check's results and
// incidents, a metric alert's history. A table for people (TSV piped), the rows as sent with
// --json (a JSON array, as every list prints).
import { resourceArg, defineCommand, option, type CommandDef } from '../../cli/command.js';
import { intOption, wideOption } from '../../cli/options.js';
import { MonitoringApi } from '../../client/monitoring.js';
import type { Column } from '../../output/table.js';
import type { FamilySpec } from './family.js';

export type Row = Record<string, unknown>;

export interface RowsSpec {
  verb: string;
  /** Below `<path>/{id}/`. */
  sub: string;
  description: string;
  columns: Column<Row>[];
  /** What to say on stderr when there are none. */
  empty: string;
  examples: string[];
  /** What to say after the rows (stderr), from the whole answer. */
  note?: (raw: Row, rows: Row[]) => string | undefined;
}

export function rowsCommand(spec: FamilySpec, r: RowsSpec): CommandDef {
  return defineCommand({
    path: [...spec.command.split(' '), r.verb],
    description: r.description,
    args: [resourceArg('<id>', `${spec.label} id or name`, spec.kind)],
    options: { limit: option('--limit <n>', "at most this many, newest first (default: the API's)", intOption('--limit', 1, 500)), ...wideOption() },
    examples: r.examples,
    run: async (app, { args: [ref], opts }) => {
      const client = await app.client();
      const id = (await client.resources.resolve(spec.kind, ref, { signal: app.ctx.signal })).id;
      const { rows, raw } = await new MonitoringApi(client.http).rows(spec.kind, id, r.sub, { limit: opts.limit }, app.ctx.signal);
      if (app.json) return app.printJson(raw.data ?? rows);
      const table = app.table(r.columns);
      table.add(rows);
      await table.end();
      if (rows.length === 0) app.info(r.empty);
      const note = r.note?.(raw, rows);
      if (note) app.info(note);
    },
  });
}
