// A list on a terminal that fits its width (issue 22): every row read first, ids shortened
// to a unique prefix, long cells cut between words and, where that is not enough, the
// lowest-priority columns left out with a note on stderr. Built on fit.ts (the same fitting
// as `snapshots list`); piped output stays full TSV and `--wide` shows everything.
import type { Column } from './table.js';
import { DEFAULT_WIDTH, fitColumns, truncate, type FitColumn } from './fit.js';

/** The shortest id prefix kept on a terminal (as git shows commits). */
export const SHORT_ID = 8;

/** Pure: each id cut to the shortest prefix of at least SHORT_ID characters that no other id shares. */
export function shortIds(ids: readonly string[]): Map<string, string> {
  let n = SHORT_ID;
  const distinct = [...new Set(ids)];
  const unique = (len: number) => new Set(distinct.map((id) => id.slice(0, len))).size === distinct.length;
  while (!unique(n) && distinct.some((id) => id.length > n)) n++;
  return new Map(distinct.map((id) => [id, id.length > n ? id.slice(0, n) : id]));
}

export interface FittedColumn<T> extends Column<T>, FitColumn {}

export interface FitTarget {
  readonly ctx: { readonly stdout: { columns?: number } };
  table<T>(columns: Column<T>[]): { add(rows: Iterable<T>): void; end(): Promise<void> };
  hint(message: string): void;
}

/** Writes `items` as a table fitted to the terminal; says which columns were left out. */
export async function writeFitted<T>(app: FitTarget, columns: FittedColumn<T>[], items: readonly T[]): Promise<void> {
  const width = app.ctx.stdout.columns || DEFAULT_WIDTH;
  const cells = items.map((it) => columns.map((c) => c.value(it)));
  const fit = fitColumns(columns, cells, width);
  const shown = columns.map((c, i) => [c, i, fit.widths[i]] as const).filter((x): x is readonly [FittedColumn<T>, number, number] => x[2] !== undefined);
  const rows = items.map((it, k) => ({ it, cells: cells[k]! }));
  const table = app.table<(typeof rows)[number]>(
    shown.map(([c, i, w]) => ({
      header: c.header,
      value: (r) => truncate(r.cells[i]!, w),
      ...(c.color ? { color: (v: string, r: (typeof rows)[number]) => c.color!(v, r.it) } : {}),
    })),
  );
  table.add(rows);
  await table.end();
  if (fit.dropped.length) app.hint(`${fit.dropped.join(', ')} left out to fit ${width} columns; --wide shows every column, --json everything`);
}
