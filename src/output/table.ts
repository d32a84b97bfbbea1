// Tables: on a terminal, columns padded by hand and fitted to its width (fit.ts decides how,
// for every table alike); piped, tab-separated rows with a header line, written as they come
// (as gh does), so cut/awk and very long lists work, with every column whole. A terminal table
// holds its first rows to measure them; past HELD_ROWS it streams: the widths (and the id
// prefixes) come from those rows, the rest are cut to them as they come.
import type { OutStream } from './stream.js';
import type { Style } from './color.js';
import { DEFAULT_WIDTH, fitCell, fitColumns, fitNote, GAP, truncate, type ColumnFit, type Fit } from './fit.js';
import { padWidth } from './width.js';

export interface Column<T> {
  header: string;
  value: (row: T) => string;
  /** Colours a cell on a terminal; the plain value is used for width and for pipes. */
  color?: (value: string, row: T) => string;
  /** How it gives way on a narrow terminal (fit.ts); absent: shown whole. */
  fit?: ColumnFit;
}

export interface TableWriter<T> {
  add(rows: Iterable<T>): void;
  end(): Promise<void>;
}

export interface TableOptions {
  /** The terminal's columns (stdout.columns); absent or 0: DEFAULT_WIDTH. */
  width?: number;
  /** --wide given: every column whole, however wide. false: not given; undefined: the command has no --wide. */
  wide?: boolean;
  /** Says which columns were left out (stderr: the table is data, the note is not). */
  note?: (text: string) => void;
  /** Lines under a terminal table, before the note (numbered footnotes its cells point to); never piped. */
  footer?: (width: number) => string[];
}

const SPACE = ' '.repeat(GAP);

/** Rows a terminal table holds to measure before it writes: more streams. */
const HELD_ROWS = 1000;

export function tableWriter<T>(out: OutStream, columns: Column<T>[], style: Style, opts: TableOptions = {}): TableWriter<T> {
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
  return new TerminalTable(out, columns, style, opts);
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

/** A table on a terminal: rows held until HELD_ROWS (or the end), fitted, then written. */
class TerminalTable<T> implements TableWriter<T> {
  private held: T[] = [];
  /** Decided from the held rows; set once the header is out. */
  private fit?: Fit;
  private readonly values: ((row: T) => string)[];

  constructor(
    private readonly out: OutStream,
    private readonly columns: Column<T>[],
    private readonly style: Style,
    private readonly opts: TableOptions,
  ) {
    // One row is one line: a line break inside a cell would break the columns.
    this.values = columns.map((c) => (row: T) => tsvCell(c.value(row)));
  }

  private get width(): number {
    return this.opts.width || DEFAULT_WIDTH;
  }

  add(rows: Iterable<T>): void {
    if (this.fit) return this.write(rows);
    for (const r of rows) this.held.push(r);
    if (this.held.length > HELD_ROWS) this.start();
  }

  async end(): Promise<void> {
    if (!this.fit) {
      if (this.held.length === 0) return;
      this.start();
    }
    const footer = this.opts.footer?.(this.width) ?? [];
    if (footer.length) this.out.write(['', ...footer].join('\n') + '\n');
    const note = fitNote(this.fit!.dropped, this.width, this.opts.wide);
    if (note) this.opts.note?.(note);
  }

  /** Fits the held rows, writes the header and them. */
  private start(): void {
    const cells = this.held.map((row) => this.values.map((v) => v(row)));
    this.fit = fitColumns(this.columns, cells, this.opts.wide ? Infinity : this.width);
    const headers = this.columns.map((c, i) => (this.opts.wide ? c.header : truncate(c.header, this.fit!.widths[i] ?? 0)));
    this.out.write(this.line(headers, (text) => this.style.bold(text)) + '\n');
    const rows = this.held;
    this.held = [];
    this.write(rows, cells);
  }

  private write(rows: Iterable<T>, given?: string[][]): void {
    const fit = this.fit!;
    let chunk = '';
    let k = 0;
    for (const row of rows) {
      const plain = given?.[k++] ?? this.values.map((v) => v(row));
      const shown = this.opts.wide ? plain : plain.map((text, i) => fitCell(text, fit, i));
      chunk += this.line(shown, (text, i) => this.columns[i]!.color?.(text, row) ?? text) + '\n';
      if (chunk.length >= TSV_CHUNK) {
        this.out.write(chunk);
        chunk = '';
      }
    }
    if (chunk) this.out.write(chunk);
  }

  /** The shown cells padded to their widths (the last one not), coloured after measuring. */
  private line(cells: readonly string[], paint: (text: string, i: number) => string): string {
    const { widths } = this.fit!;
    let last = -1;
    for (let i = 0; i < widths.length; i++) if (widths[i] !== undefined) last = i;
    let s = '';
    for (let i = 0; i <= last; i++) {
      const w = widths[i];
      if (w === undefined) continue;
      const text = cells[i] ?? '';
      // A cell wider than its column (a later row of a --wide stream) pushes the rest right, as kubectl does.
      s += i === last ? paint(text, i) : padWidth(paint(text, i), w) + SPACE;
    }
    return s.replace(/[ \t]+$/, '');
  }
}

/** Aligned `key  value` lines for one resource. */
export function keyValue(pairs: [string, string | undefined][], style: Style): string {
  const shown = pairs.filter((p): p is [string, string] => p[1] !== undefined);
  const width = Math.max(0, ...shown.map(([k]) => k.length));
  return shown.map(([k, v]) => `${style.dim((k + ':').padEnd(width + 1))} ${v}`).join('\n') + '\n';
}
