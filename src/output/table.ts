// Lists: on a terminal a cli-table3 table; piped, tab-separated rows with a header line,
// written as they come (as gh does), so cut/awk and very long lists work. cli-table3 slows
// sharply past a few thousand rows, so longer terminal tables are padded by hand.
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
  const buffered: T[] = [];
  return {
    add(rows) {
      for (const r of rows) buffered.push(r);
    },
    async end() {
      if (buffered.length === 0) return;
      out.write(buffered.length > CLI_TABLE_MAX_ROWS ? padded(buffered, columns, style) : await boxed(buffered, columns, style));
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

function padded<T>(rows: T[], columns: Column<T>[], style: Style): string {
  const cells = rows.map((r) => columns.map((c) => c.value(r)));
  const widths = columns.map((c, i) => Math.max(c.header.length, ...cells.map((r) => r[i]!.length)));
  const line = (vals: string[]) => vals.map((v, i) => v.padEnd(widths[i]!)).join('  ').trimEnd();
  return [style.bold(line(columns.map((c) => c.header))), ...cells.map(line)].join('\n') + '\n';
}

/** Aligned `key  value` lines for one resource. */
export function keyValue(pairs: [string, string | undefined][], style: Style): string {
  const shown = pairs.filter((p): p is [string, string] => p[1] !== undefined);
  const width = Math.max(0, ...shown.map(([k]) => k.length));
  return shown.map(([k, v]) => `${style.dim((k + ':').padEnd(width + 1))} ${v}`).join('\n') + '\n';
}
