// A table that fits the terminal's width: long cells are cut at a word boundary with "…",
// columns that cannot shrink enough are left out (lowest priority first), and long texts
// (reasons) live in numbered footnotes under the table, wrapped between words. Pure.

/** Two spaces between columns, as the tables of output/table.ts have. */
export const GAP = 2;
/** The width assumed when a terminal does not say (and the classic one). */
export const DEFAULT_WIDTH = 80;

export interface FitColumn {
  header: string;
  /** Narrowest width it may be cut to (at least the header's length); absent: never cut. */
  min?: number;
  /** Left out when nothing else helps, lowest first; absent: always shown. */
  drop?: number;
}

export interface Fit {
  /** The width of each shown column, by index into the columns given; undefined: left out. */
  widths: (number | undefined)[];
  /** Headers of the columns left out. */
  dropped: string[];
}

function total(widths: (number | undefined)[]): number {
  const shown = widths.filter((w): w is number => w !== undefined);
  return shown.reduce((a, b) => a + b, 0) + GAP * Math.max(0, shown.length - 1);
}

/** The widths that make `cells` (rows of plain strings) fit `width` columns. */
export function fitColumns(columns: FitColumn[], cells: string[][], width: number): Fit {
  const natural = columns.map((c, i) => {
    let w = c.header.length;
    for (const row of cells) if (row[i]!.length > w) w = row[i]!.length;
    return w;
  });
  const mins = columns.map((c, i) => (c.min === undefined ? natural[i]! : Math.min(natural[i]!, Math.max(c.min, c.header.length))));
  const widths: (number | undefined)[] = [...natural];
  const dropped: string[] = [];
  const dropOrder = columns.map((c, i) => [c.drop, i] as const).filter((x): x is readonly [number, number] => x[0] !== undefined).sort((a, b) => a[0] - b[0]);
  // Leave out columns while even the narrowest cut would not fit.
  const atMin = () => total(widths.map((w, i) => (w === undefined ? undefined : mins[i])));
  for (const [, i] of dropOrder) {
    if (atMin() <= width) break;
    widths[i] = undefined;
    dropped.push(columns[i]!.header);
  }
  // Then cut the column with the most to spare, one character at a time.
  let over = total(widths) - width;
  while (over > 0) {
    let best = -1;
    for (let i = 0; i < widths.length; i++) {
      const w = widths[i];
      if (w === undefined || w <= mins[i]!) continue;
      if (best < 0 || w - mins[i]! > widths[best]! - mins[best]!) best = i;
    }
    if (best < 0) break;
    widths[best]!--;
    over--;
  }
  // Still too wide with every column at its narrowest: cut the cuttable ones further, down to their headers.
  while (over > 0) {
    let best = -1;
    for (let i = 0; i < widths.length; i++) {
      const w = widths[i];
      if (w === undefined || columns[i]!.min === undefined || w <= columns[i]!.header.length) continue;
      if (best < 0 || w > widths[best]!) best = i;
    }
    if (best < 0) break;
    widths[best]!--;
    over--;
  }
  return { widths, dropped };
}

/** Where a cut keeps whole words: spaces and list separators (a name like vps-01-daily-11 is one word, cut with "…"). */
const BOUNDARY = /[\s,;]/;

/** `text` in at most `width` characters: cut after the last whole word that fits, then "…". */
export function truncate(text: string, width: number): string {
  if (text.length <= width) return text;
  if (width <= 1) return '…'.slice(0, width);
  const room = text.slice(0, width - 1);
  // A boundary in the second half: cut there, so no word is split.
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
    if (joined.length <= width) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    const alone = `${lines.length ? indent : ''}${word}`;
    // Only a single word wider than the whole line is cut.
    line = alone.length <= width ? alone : truncate(alone, width);
  }
  if (line) lines.push(line);
  return lines;
}

/** Numbered notes, one per distinct text: `[1] ...`, wrapped under the table. */
export class Footnotes {
  private readonly texts: string[] = [];

  /** The mark of `text` (the same text has the same mark). */
  mark(text: string): string {
    let n = this.texts.indexOf(text);
    if (n < 0) n = this.texts.push(text) - 1;
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
