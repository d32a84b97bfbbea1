// Lists: on a terminal a cli-table3 table; piped, tab-separated rows with a header line,
// written as they come (as gh does), so cut/awk and very long lists work. cli-table3 slows
// sharply past a few thousand rows, so a longer terminal table is padded by hand and
// streamed: the widths come from its first rows, the rest go out as they come (a longer
// cell pushes its line's later columns right, as with kubectl).
import type { OutStream } from './stream.js';
import type { Style } from './color.js';

export interface Column<T> {
  header: string;
  value: (row: T) => string;
  /** Colours a cell on a terminal; the plain value is used for width and for pipes. */
  color?: (value: string, row: T) => string;
}

const CLI_TABLE_MAX_ROWS = 1000;
// Borderless, like gh and kubectl: columns aligned, nothing to strip when copying.
const BORDERLESS = Object.fromEntries(
  ['top', 'top-mid', 'top-left', 'top-right', 'bottom', 'bottom-mid', 'bottom-left', 'bottom-right', 'left', 'left-mid', 'mid', 'mid-mid', 'right', 'right-mid', 'middle'].map((k) => [k, '']),
);

export interface TableWriter<T> {
  add(rows: Iterable<T>): void;
  end(): Promise<void>;
}

export function tableWriter<T>(out: OutStream, columns: Column<T>[], style: Style): TableWriter<T> {
  if (!out.isTTY) {
    // The header goes out with the first rows: an empty list or a failed request prints nothing.
    let header = columns.map((c) => c.header).join('\t') + '\n';
    const values = columns.map((c) => c.value);
    const n = values.length;
    return {
      add(rows) {
        // Rows are built by concatenation and written in pieces: a long list costs a few
        // hundred writes and no array per row.
        let chunk = header;
        for (const row of rows) {
          let line = tsvCell(values[0]!(row));
          for (let i = 1; i < n; i++) line += '\t' + tsvCell(values[i]!(row));
          chunk += line + '\n';
          if (chunk.length >= TSV_CHUNK) {
            out.write(chunk);
            chunk = header = '';
          }
        }
        if (chunk.length > header.length) {
          out.write(chunk);
          header = '';
        }
      },
      end: async () => {},
    };
  }
  // Up to CLI_TABLE_MAX_ROWS rows are held for cli-table3; one more and the table streams.
  const held: T[] = [];
  let stream: PaddedStream<T> | undefined;
  return {
    add(rows) {
      if (stream) return stream.add(rows);
      for (const r of rows) held.push(r);
      if (held.length > CLI_TABLE_MAX_ROWS) {
        stream = new PaddedStream(out, columns, style, held);
        held.length = 0;
      }
    },
    async end() {
      if (stream || held.length === 0) return;
      out.write(await boxed(held, columns, style));
    },
  };
}

const TSV_CHUNK = 32 * 1024;
const TSV_BREAKS = /[\t\n\r]/g;

function tsvCell(v: string): string {
  // Most cells are short and clean: a scan is cheaper than a regular expression replace.
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c === 9 || c === 10 || c === 13) return v.replace(TSV_BREAKS, ' ');
  }
  return v;
}

async function boxed<T>(rows: T[], columns: Column<T>[], style: Style): Promise<string> {
  const { default: Table } = await import('cli-table3');
  // cli-table3 colours headers and borders itself, even when piped: turn that off.
  const table = new Table({
    head: columns.map((c) => style.bold(c.header)),
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 2 },
    chars: BORDERLESS,
  });
  for (const row of rows) table.push(columns.map((c) => (c.color ? c.color(c.value(row), row) : c.value(row))));
  return table.toString().replace(/[ \t]+$/gm, '') + '\n';
}

/** A long terminal table: widths from its first rows, then every row written as it comes. */
class PaddedStream<T> {
  private readonly widths: number[];
  private readonly values: ((row: T) => string)[];

  constructor(
    private readonly out: OutStream,
    columns: Column<T>[],
    style: Style,
    first: readonly T[],
  ) {
    this.values = columns.map((c) => c.value);
    // A loop, not Math.max(...cells): spreading a long array into a call overflows the stack.
    this.widths = columns.map((c) => c.header.length);
    for (const row of first)
      for (let i = 0; i < this.values.length; i++) {
        const w = this.values[i]!(row).length;
        if (w > this.widths[i]!) this.widths[i] = w;
      }
    out.write(style.bold(this.line(columns.map((c) => c.header))) + '\n');
    this.add(first);
  }

  add(rows: Iterable<T>): void {
    let chunk = '';
    const cells: string[] = new Array<string>(this.values.length);
    for (const row of rows) {
      for (let i = 0; i < this.values.length; i++) cells[i] = this.values[i]!(row);
      chunk += this.line(cells) + '\n';
      if (chunk.length >= TSV_CHUNK) {
        this.out.write(chunk);
        chunk = '';
      }
    }
    if (chunk) this.out.write(chunk);
  }

  private line(cells: readonly string[]): string {
    let s = '';
    const last = cells.length - 1;
    for (let i = 0; i < last; i++) s += cells[i]!.padEnd(this.widths[i]!) + '  ';
    return (s + (cells[last] ?? '')).trimEnd();
  }
}

/** Aligned `key  value` lines for one resource. */
export function keyValue(pairs: [string, string | undefined][], style: Style): string {
  const shown = pairs.filter((p): p is [string, string] => p[1] !== undefined);
  const width = Math.max(0, ...shown.map(([k]) => k.length));
  return shown.map(([k, v]) => `${style.dim((k + ':').padEnd(width + 1))} ${v}`).join('\n') + '\n';
}
