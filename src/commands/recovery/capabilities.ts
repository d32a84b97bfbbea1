// The capability matrix (docs/behaviour.md#api-recovery) as a table; notes are numbered under it so the cells
// stay short enough to read.
import type { CapabilityRow } from '../../client/schemas.js';
import { NotFoundError } from '../../client/errors.js';
import { CliError } from '../../cli/errors.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { defineCommand } from '../../cli/command.js';
import { wideOption } from '../../cli/options.js';
import { DEFAULT_WIDTH, wrapWords } from '../../output/fit.js';

interface Cell {
  status: string;
  note?: string | null;
}

const LABELS: Record<string, string> = { yes: 'yes', no: 'no', gated: 'behind a gate', conditional: 'conditional', unavailable: 'unavailable' };

/** A cell as a word (v1.7.0) or as `{status, note}` (earlier servers); absent reads "unknown". */
export function capabilityCell(v: CapabilityRow['restore_to_new'] | null | undefined): Cell {
  if (v === undefined || v === null) return { status: 'unknown' };
  return typeof v === 'string' ? { status: v } : v;
}

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
  const table = rows.map((r) => {
    // v1.7.0 rows carry their reasons once, in `notes`: the first cell that is not plain yes/no points to them.
    const cells = [capabilityCell(r.create ?? r.create_point), capabilityCell(r.restore_to_new), capabilityCell(r.replace_existing), capabilityCell(r.point_in_time)];
    const explained = cells.find((c) => c.status !== 'yes' && c.status !== 'no') ?? cells[0]!;
    if (r.notes && !cells.some((c) => c.note)) explained.note = r.notes;
    return {
      product: [r.product, r.provider && r.provider !== r.product ? r.provider : undefined, r.deployment_kind].filter(Boolean).join(' / '),
      cells: cells.map(mark) as [string, string, string, string],
    };
  });
  return { table, notes };
}

export default defineCommand({
  path: ['recovery', 'capabilities'],
  description: 'the capability matrix: create a point, restore to new, replace existing, point in time, per product',
  options: wideOption(),
  examples: ['infra recovery capabilities', 'infra recovery capabilities --json | jq \'.data[] | select(.replace_existing != "no") | .product\''],
  run: async (app) => {
    const client = await app.client();
    let answer;
    try {
      answer = await client.recovery.capabilities({ signal: app.ctx.signal });
    } catch (err) {
      // The endpoint is newer than some servers (docs/behaviour.md#api-recovery): a 404 there is the server's age, not a typo.
      if (err instanceof NotFoundError)
        throw new CliError(
          ExitCode.NOT_FOUND,
          `${app.settings.apiUrl ?? 'this server'} has no GET /api/v1/recovery/capabilities (404): servers that predate the capability matrix do not offer it`,
          "snapshots and restores still work; 'infra snapshots list <product>' shows each point's actions",
        );
      throw err;
    }
    const { value, raw } = answer;
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
    // On a terminal each note wraps between words under its mark; piped, one line each.
    const width = (app.ctx.stdout.columns || DEFAULT_WIDTH) - 2;
    const noteLines = notes.flatMap((n, i) => {
      const text = `[${i + 1}] ${n}`;
      return (app.ctx.stdout.isTTY ? wrapWords(text, width, ' '.repeat(`[${i + 1}] `.length)) : [text]).map((l) => `  ${l}`);
    });
    if (notes.length) app.print(['', 'Notes:', ...noteLines].join('\n'));
    app.hint("'behind a gate' exists and is opened per account; replace-existing restores: infra snapshots restore <product> <point-id>");
  },
});
