// The capability matrix (spec 3.5) as a table; notes are numbered under it so the cells
// stay short enough to read.
import type { CommandRun } from '../../cli/app.js';
import type { CapabilityRow } from '../../client/schemas.js';

type Cell = CapabilityRow['create_point'];

const LABELS: Record<string, string> = { yes: 'yes', no: 'no', gated: 'behind a gate', conditional: 'conditional', unavailable: 'unavailable' };

export function cellLabel(cell: Cell): string {
  return LABELS[cell.status] ?? cell.status;
}

export function capabilityTable(rows: CapabilityRow[]) {
  const notes: string[] = [];
  const mark = (cell: Cell) => {
    const label = cellLabel(cell);
    if (!cell.note) return label;
    let n = notes.indexOf(cell.note);
    if (n < 0) n = notes.push(cell.note) - 1;
    return `${label} [${n + 1}]`;
  };
  const table = rows.map((r) => ({
    product: r.product,
    cells: [mark(r.create_point), mark(r.restore_to_new), mark(r.replace_existing), mark(r.point_in_time)] as const,
  }));
  return { table, notes };
}

export const run: CommandRun = async (app) => {
  const client = await app.client();
  const { value, raw } = await client.recovery.capabilities();
  if (app.json) return app.printJson(raw);
  const { table, notes } = capabilityTable(value.data);
  const t = app.table<(typeof table)[number]>([
    { header: 'PRODUCT', value: (r) => r.product },
    { header: 'CREATE POINT', value: (r) => r.cells[0] },
    { header: 'RESTORE TO NEW', value: (r) => r.cells[1] },
    { header: 'REPLACE EXISTING', value: (r) => r.cells[2] },
    { header: 'POINT IN TIME', value: (r) => r.cells[3] },
  ]);
  t.add(table);
  await t.end();
  if (notes.length) app.print(['', 'Notes:', ...notes.map((n, i) => `  [${i + 1}] ${n}`)].join('\n'));
  app.hint("'behind a gate' exists and is opened per account; replace-existing restores: infra snapshots restore <product> <point-id>");
};
