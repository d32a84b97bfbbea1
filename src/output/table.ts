// Tables: on a terminal, columns padded by hand and fitted to its width (fit.ts decides how,
// for every table alike); piped, tab-separated rows with a header line, written as they come
// (as gh does), so cut/awk and very long lists work, with every column whole. A terminal table
// holds its first rows to measure them; past HELD_ROWS it streams: the widths (and the id
// prefixes) come from those rows, and a longer cell later pushes its line right while the line
// still fits the terminal, and is cut to its column once it would not.
import type { OutStream } from './stream.js';
import type { Style } from './color.js';
import { DEFAULT_WIDTH, fitCell, fitColumns, fitNote, GAP, truncate, type ColumnFit, type Fit } from './fit.js';
import { displayWidth } from './width.js';
import { sanitize } from './terminal-text.js';

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
  /** false (--no-headers): no header line, on a terminal or piped. */
  headers?: boolean;
}

/** How a --columns name is compared with a header: case, spaces, '-' and '_' do not matter. */
function columnKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-');
}

/**
 * --columns: the table's columns named, in the order named (matched to the headers, see
 * columnKey). `unknown` lists the names that match no header, `valid` the headers there are.
 */
export function pickColumns<T>(columns: readonly Column<T>[], names: readonly string[]): { columns: Column<T>[]; unknown: string[]; valid: string[] } {
  const picked: Column<T>[] = [];
  const unknown: string[] = [];
  for (const name of names) {
    const column = columns.find((c) => columnKey(c.header) === columnKey(name));
    if (column) {
      if (!picked.includes(column)) picked.push(column);
    } else unknown.push(name);
  }
  return { columns: picked, unknown, valid: columns.map((c) => columnKey(c.header)) };
}

/** Rows a terminal table holds to measure before it writes: more streams. */
const HELD_ROWS = 1000;

export function tableWriter<T>(out: OutStream, columns: Column<T>[], style: Style, opts: TableOptions = {}): TableWriter<T> {
  if (!out.isTTY) {
    // The header goes out with the first rows: an empty list or a failed request prints nothing.
    let header = opts.headers === false ? '' : columns.map((c) => c.header).join('\t') + '\n';
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
  /** The indices of the columns shown, in order (set with `fit`). */
  private shown: number[] = [];
  private readonly values: ((row: T) => string)[];

  constructor(
    private readonly out: OutStream,
    private readonly columns: Column<T>[],
    private readonly style: Style,
    private readonly opts: TableOptions,
  ) {
    // One row is one line: a line break inside a cell would break the columns. Made safe
    // before it is measured: a control's visible form takes columns too.
    this.values = columns.map((c) => (row: T) => sanitize(tsvCell(c.value(row))));
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
    const fit = (this.fit = fitColumns(this.columns, cells, this.opts.wide ? Infinity : this.width));
    this.shown = fit.widths.flatMap((w, i) => (w === undefined ? [] : [i]));
    const headers = this.columns.map((c, i) => (this.opts.wide ? c.header : truncate(c.header, fit.widths[i] ?? 0)));
    if (this.opts.headers !== false) this.out.write(this.line(headers, headers.map(displayWidth), (text) => this.style.bold(text)) + '\n');
    const rows = this.held;
    this.held = [];
    this.write(rows, cells);
  }

  private write(rows: Iterable<T>, given?: string[][]): void {
    const fit = this.fit!;
    const colors = this.columns.map((c) => c.color);
    const paint = (text: string, i: number, row: T) => colors[i]?.(text, row) ?? text;
    let chunk = '';
    let k = 0;
    for (const row of rows) {
      const cells = given?.[k++] ?? this.values.map((v) => v(row));
      if (!this.opts.wide && given) for (let i = 0; i < cells.length; i++) cells[i] = fitCell(cells[i]!, fit, i);
      const measured = cells.map(displayWidth);
      if (!this.opts.wide && !given) this.streamed(cells, measured);
      chunk += this.line(cells, measured, (text, i) => paint(text, i, row)) + '\n';
      if (chunk.length >= TSV_CHUNK) {
        this.out.write(chunk);
        chunk = '';
      }
    }
    if (chunk) this.out.write(chunk);
  }

  /**
   * A row after the held ones, in place: ids as their prefix, a longer cell pushing the rest
   * right (as kubectl does) while the line still fits the terminal, every cell cut to its
   * column once it would not.
   */
  private streamed(cells: string[], measured: number[]): void {
    const fit = this.fit!;
    const { shown } = this;
    const cut = (i: number) => {
      cells[i] = fitCell(cells[i]!, fit, i);
      measured[i] = displayWidth(cells[i]!);
    };
    let span = 0;
    for (let k = 0; k < shown.length; k++) {
      const i = shown[k]!;
      if (fit.prefix[i] !== undefined && measured[i]! > fit.widths[i]!) cut(i);
      span += k === shown.length - 1 ? measured[i]! : Math.max(fit.widths[i]!, measured[i]!) + GAP;
    }
    if (span > this.width) for (const i of shown) if (measured[i]! > fit.widths[i]!) cut(i);
  }

  /** The shown cells padded to their widths (the last one not), coloured after measuring (`measured`: their widths). */
  private line(cells: readonly string[], measured: readonly number[], paint: (text: string, i: number) => string): string {
    const { widths } = this.fit!;
    const { shown } = this;
    let s = '';
    for (let k = 0; k < shown.length; k++) {
      const i = shown[k]!;
      s += paint(cells[i]!, i);
      // A cell wider than its column (a later row of a stream) pushes the rest right, as kubectl does.
      if (k < shown.length - 1) s += spaces(Math.max(0, widths[i]! - measured[i]!) + GAP);
    }
    // An empty last cell leaves the padding before it: no trailing blanks.
    let end = s.length;
    while (end > 0 && s.charCodeAt(end - 1) === 32) end--;
    return end === s.length ? s : s.slice(0, end);
  }
}

const SPACES = ' '.repeat(256);
function spaces(n: number): string {
  return n <= SPACES.length ? SPACES.slice(0, n) : ' '.repeat(n);
}

/**
 * Aligned `key  value` lines for one resource. A value of several lines goes on under itself,
 * indented to the value column: no line of a value can pass for a key of its own.
 */
export function keyValue(pairs: [string, string | undefined][], style: Style): string {
  const shown = pairs.filter((p): p is [string, string] => p[1] !== undefined);
  const width = Math.max(0, ...shown.map(([k]) => k.length));
  const indent = '\n' + ' '.repeat(width + 2);
  return shown.map(([k, v]) => `${style.dim((k + ':').padEnd(width + 1))} ${valueLines(v, indent)}`).join('\n') + '\n';
}

function valueLines(v: string, indent: string): string {
  const safe = sanitize(v);
  return safe.includes('\n') ? safe.replace(/\r?\n$/, '').replaceAll('\n', indent) : safe;
}
