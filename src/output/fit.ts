// The one decision of how a table fits the terminal's width (src/output/table.ts renders
// every table through it): nothing changes while the table fits; otherwise ids become their
// shortest unique prefix (accepted back as input, src/shared/short-id.ts), the columns of
// lowest priority are left out while even cutting the free text would not fit, free text is
// cut at a word boundary with "…", and as a last resort the columns that declare no priority
// go too, right to left. Widths are terminal columns (src/output/width.ts), not string length.
// Long texts (reasons) can live in numbered footnotes under a table, wrapped between words. Pure.
import { uniquePrefixLength } from '../shared/short-id.js';
import { hasMarker, sanitize } from './terminal-text.js';
import { displayWidth, sliceWidth } from './width.js';

/** Two spaces between columns, as the tables of output/table.ts have. */
export const GAP = 2;
/** The width assumed when a terminal does not say (and the classic one). */
export const DEFAULT_WIDTH = 80;
/** The narrowest free text is cut to unless its column says otherwise: a word or two still reads. */
export const TEXT_MIN = 10;

/** How a column gives way on a narrow terminal. Absent: shown whole, left out only as a last resort. */
export interface ColumnFit {
  /** Left out when the table is too wide, lowest first; absent: kept while any column with a priority can go. */
  priority?: number;
  /**
   * 'id': an id the command line accepts back as a unique prefix, shown as one;
   * 'text': free text, cut with "…" down to `min` columns (TEXT_MIN unless given).
   * Absent: never cut (numbers, states, words read as a whole).
   */
  kind?: 'id' | 'text';
  min?: number;
}

/** A server timestamp (ISO 8601) on a narrow terminal: cut to its date (`2026-11-25…`) before anything goes. */
export const TIMESTAMP_FIT: ColumnFit = { kind: 'text', min: 11 };

export interface FitSpec {
  header: string;
  fit?: ColumnFit;
}

export interface Fit {
  /** The width of each column, by index into the columns given; undefined: left out. */
  widths: (number | undefined)[];
  /** Headers of the columns left out, in the order they went. */
  dropped: string[];
  /** Id columns shown as prefixes: the prefix length (unique across the rows fitted). */
  prefix: (number | undefined)[];
}

function total(widths: readonly (number | undefined)[]): number {
  let sum = 0;
  let shown = 0;
  for (const w of widths)
    if (w !== undefined) {
      sum += w;
      shown++;
    }
  return sum + GAP * Math.max(0, shown - 1);
}

/** Cuts the shown column with the most to spare above `floor`, a column at a time, while `over` > 0; what is left over. */
function shrink(widths: (number | undefined)[], floor: (i: number) => number, over: number): number {
  while (over > 0) {
    let best = -1;
    for (let i = 0; i < widths.length; i++) {
      const w = widths[i];
      if (w === undefined || w <= floor(i)) continue;
      if (best < 0 || w - floor(i) > widths[best]! - floor(best)) best = i;
    }
    if (best < 0) break;
    widths[best]!--;
    over--;
  }
  return over;
}

/** The widths that make `cells` (rows of plain strings, one per column) fit `width` terminal columns. */
export function fitColumns(columns: readonly FitSpec[], cells: readonly (readonly string[])[], width: number): Fit {
  const n = columns.length;
  const heads = columns.map((c) => displayWidth(c.header));
  const natural = heads.map((h, i) => {
    let w = h;
    for (const row of cells) {
      const x = displayWidth(row[i] ?? '');
      if (x > w) w = x;
    }
    return w;
  });
  const none: (number | undefined)[] = natural.map(() => undefined);
  if (total(natural) <= width) return { widths: natural, dropped: [], prefix: none };

  // Ids first: a unique prefix loses nothing a command needs.
  const prefix = columns.map((c, i) => (c.fit?.kind === 'id' ? uniquePrefixLength(cells.map((r) => r[i] ?? '')) : undefined));
  const full = natural.map((w, i) => (prefix[i] === undefined ? w : Math.min(w, Math.max(heads[i]!, prefix[i]!))));
  const kind = (i: number) => columns[i]!.fit?.kind;
  // How far each column may be cut: free text to its minimum, then (only if nothing else helps) to its header.
  const cut = (i: number) => (kind(i) === 'text' ? Math.min(full[i]!, Math.max(heads[i]!, columns[i]!.fit?.min ?? TEXT_MIN)) : full[i]!);
  const bare = (i: number) => (kind(i) === 'text' ? Math.min(full[i]!, heads[i]!) : full[i]!);
  const shown = columns.map(() => true);
  const at = (floor: (i: number) => number) => total(shown.map((s, i) => (s ? floor(i) : undefined)));
  const dropped: string[] = [];
  const drop = (i: number) => {
    shown[i] = false;
    dropped.push(columns[i]!.header);
  };

  // Lowest priority first (of equals, the rightmost), while even the narrowest cut would not fit.
  const byPriority = columns
    .map((c, i) => [c.fit?.priority, i] as const)
    .filter((x): x is readonly [number, number] => x[0] !== undefined)
    .sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  for (const [, i] of byPriority) {
    if (at(cut) <= width) break;
    drop(i);
  }
  // Last resort: the columns without a priority, right to left, never the first (it names the row).
  for (let i = n - 1; i > 0; i--) {
    if (at(bare) <= width) break;
    if (shown[i] && columns[i]!.fit?.priority === undefined) drop(i);
  }

  const widths: (number | undefined)[] = full.map((w, i) => (shown[i] ? w : undefined));
  let over = total(widths) - width;
  over = shrink(widths, cut, over);
  over = shrink(widths, bare, over);
  // Still too wide (the first column alone, or headers wider than the terminal): the last
  // column shown is cut, whatever it is, so that no line wraps.
  if (over > 0) {
    const last = widths.findLastIndex((w) => w !== undefined);
    widths[last] = Math.max(1, widths[last]! - over);
  }
  return { widths, dropped, prefix: prefix.map((p, i) => (shown[i] && p !== undefined && p < natural[i]! ? p : undefined)) };
}

/** A cell as the fit shows it: an id as its prefix (no "…": it is a usable reference), anything else cut with "…". */
export function fitCell(text: string, fit: Fit, i: number): string {
  const width = fit.widths[i];
  if (width === undefined) return '';
  const prefix = fit.prefix[i];
  if (prefix !== undefined && width >= prefix) return sliceWidth(text, width);
  return truncate(text, width);
}

/**
 * The note on stderr for what a fit left out; `wide` false: the command has --wide (not given).
 * Short, so that it fits the terminal it speaks of (--json has everything, as always).
 */
export function fitNote(dropped: readonly string[], width: number, wide: boolean | undefined): string | undefined {
  if (!dropped.length) return undefined;
  return `${dropped.join(', ')} left out to fit ${width} columns; ${wide === false ? '--wide' : '--json'} shows them`;
}

/** Where a cut keeps whole words: spaces and list separators (a name like vps-01-daily-11 is one word, cut with "…"). */
const BOUNDARY = /[\s,;]/;

/** `text` in at most `width` terminal columns: cut after the last whole word that fits, then "…". */
export function truncate(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 0) return '';
  if (width === 1) return '…';
  const room = sliceWidth(text, width - 1);
  // A boundary in the second half: cut there, so no word is split (plain text only: an
  // escape sequence is not a place to look for words).
  if (!room.includes('\x1b') && !hasMarker(room))
    for (let i = room.length; i > room.length / 2; i--) {
      if (BOUNDARY.test(text[i]!)) return text.slice(0, i).replace(/[\s,;]+$/, '') + '…';
    }
  return room + '…';
}

/** Lines of at most `width` characters, broken between words; `indent` starts every line after the first. */
export function wrapWords(text: string, width: number, indent = ''): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : `${lines.length ? indent : ''}${word}`;
    if (displayWidth(joined) <= width) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    const alone = `${lines.length ? indent : ''}${word}`;
    // Only a single word wider than the whole line is cut.
    line = displayWidth(alone) <= width ? alone : truncate(alone, width);
  }
  if (line) lines.push(line);
  return lines;
}

/** Numbered notes, one per distinct text: `[1] ...`, wrapped under the table. */
export class Footnotes {
  private readonly texts: string[] = [];

  /** The mark of `text` (the same text has the same mark). */
  mark(text: string): string {
    // Made safe before it is wrapped: the widths are those of what shows.
    const safe = sanitize(text);
    let n = this.texts.indexOf(safe);
    if (n < 0) n = this.texts.push(safe) - 1;
    return `[${n + 1}]`;
  }

  get size(): number {
    return this.texts.length;
  }

  lines(width: number): string[] {
    return this.texts.flatMap((t, i) => {
      const head = `[${i + 1}] `;
      return wrapWords(head + t, width, ' '.repeat(head.length));
    });
  }
}
