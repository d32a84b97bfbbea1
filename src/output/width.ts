// How many terminal columns text takes: colour codes take none, combining marks none, East
// Asian wide characters and emoji two. A table fitted by string length would wrap on a name in
// Japanese and come out narrow on a coloured cell. Pure; no dependency (string-width would be
// one more package in the bundle for the same few ranges).

import { mark, markerAt } from './terminal-text.js';

/** An ANSI escape: SGR colours and the other CSI sequences, or an OSC 8 link. */
const ESCAPE = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/y;

/** Code points that take no column: combining marks, zero-width joiners, variation selectors. */
const ZERO: readonly [number, number][] = [
  [0x0300, 0x036f],
  [0x0483, 0x0489],
  [0x0591, 0x05bd],
  [0x0610, 0x061a],
  [0x064b, 0x065f],
  [0x1ab0, 0x1aff],
  [0x1dc0, 0x1dff],
  [0x200b, 0x200f],
  [0x2028, 0x202e],
  [0x2060, 0x2064],
  [0x20d0, 0x20ff],
  [0xfe00, 0xfe0f],
  [0xfe20, 0xfe2f],
  [0xfeff, 0xfeff],
  [0xe0100, 0xe01ef],
];

/** Code points two columns wide: East Asian Wide and Fullwidth, and emoji shown as pictures. */
const WIDE: readonly [number, number][] = [
  [0x1100, 0x115f],
  [0x231a, 0x231b],
  [0x2329, 0x232a],
  [0x23e9, 0x23ec],
  [0x23f0, 0x23f0],
  [0x23f3, 0x23f3],
  [0x25fd, 0x25fe],
  [0x2614, 0x2615],
  [0x2648, 0x2653],
  [0x267f, 0x267f],
  [0x2693, 0x2693],
  [0x26a1, 0x26a1],
  [0x26aa, 0x26ab],
  [0x26bd, 0x26be],
  [0x26c4, 0x26c5],
  [0x26ce, 0x26ce],
  [0x26d4, 0x26d4],
  [0x26ea, 0x26ea],
  [0x26f2, 0x26f5],
  [0x26fa, 0x26fd],
  [0x2705, 0x2705],
  [0x270a, 0x270b],
  [0x2728, 0x2728],
  [0x274c, 0x274c],
  [0x274e, 0x274e],
  [0x2753, 0x2755],
  [0x2757, 0x2757],
  [0x2795, 0x2797],
  [0x27b0, 0x27b0],
  [0x27bf, 0x27bf],
  [0x2b1b, 0x2b1c],
  [0x2b50, 0x2b50],
  [0x2b55, 0x2b55],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xa960, 0xa97f],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x16fe0, 0x16fe4],
  [0x17000, 0x18cff],
  [0x1b000, 0x1b2ff],
  [0x1f004, 0x1f004],
  [0x1f0cf, 0x1f0cf],
  [0x1f18e, 0x1f18e],
  [0x1f191, 0x1f19a],
  [0x1f200, 0x1f251],
  [0x1f300, 0x1f64f],
  [0x1f680, 0x1f6ff],
  [0x1f7e0, 0x1f7eb],
  [0x1f90c, 0x1f9ff],
  [0x1fa70, 0x1faff],
  [0x20000, 0x3fffd],
];

function within(ranges: readonly [number, number][], cp: number): boolean {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [a, b] = ranges[mid]!;
    if (cp < a) hi = mid - 1;
    else if (cp > b) lo = mid + 1;
    else return true;
  }
  return false;
}

/** Columns one code point takes (controls none: a table cell never holds them on purpose). */
export function charWidth(cp: number): 0 | 1 | 2 {
  if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) return 0;
  if (cp < 0x300) return 1;
  if (within(ZERO, cp)) return 0;
  return within(WIDE, cp) ? 2 : 1;
}

/** Pieces of `text`: escapes and our markers for them (no width, never cut) and code points with their widths. */
function* pieces(text: string): Generator<{ text: string; width: number; escape: boolean; marker?: boolean }> {
  let i = 0;
  while (i < text.length) {
    const m = markerAt(text, i);
    if (m) {
      yield { text: text.slice(i, i + m), width: 0, escape: true, marker: true };
      i += m;
      continue;
    }
    if (text.charCodeAt(i) === 0x1b) {
      ESCAPE.lastIndex = i;
      const m = ESCAPE.exec(text);
      if (m) {
        yield { text: m[0], width: 0, escape: true };
        i += m[0].length;
        continue;
      }
    }
    const cp = text.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    yield { text: ch, width: charWidth(cp), escape: false };
    i += ch.length;
  }
}

/** The columns `text` takes on a terminal. */
export function displayWidth(text: string): number {
  // Plain ASCII, the usual cell: its length (a scan: this runs for every cell of a long list).
  let ascii = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) {
      ascii = false;
      break;
    }
  }
  if (ascii) return text.length;
  let w = 0;
  for (const p of pieces(text)) w += p.width;
  return w;
}

/**
 * The longest start of `text` within `width` columns, escapes kept whole; a cut inside colour
 * ends with a reset, so the colour does not run on into the next cell.
 */
export function sliceWidth(text: string, width: number): string {
  let out = '';
  let used = 0;
  // The reset matches the colours: a marker for ours (the terminal guard makes it the escape).
  let reset = '';
  for (const p of pieces(text)) {
    if (p.escape) {
      out += p.text;
      reset = p.marker ? mark('\x1b[0m') : '\x1b[0m';
      continue;
    }
    if (used + p.width > width) return out + reset;
    out += p.text;
    used += p.width;
  }
  return out;
}
