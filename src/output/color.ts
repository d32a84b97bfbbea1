// Whether to colour a stream, decided once: chalk ignores NO_COLOR, so the rule lives here.
// Order: --no-color, NO_COLOR, FORCE_COLOR / CLICOLOR_FORCE, CLICOLOR=0, then TTY and TERM.
import { mark } from './terminal-text.js';

export function colorEnabled(opts: { noColorFlag: boolean; isTTY: boolean }, env: Record<string, string | undefined>): boolean {
  if (opts.noColorFlag) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  if (env.CLICOLOR_FORCE !== undefined && env.CLICOLOR_FORCE !== '0') return true;
  if (env.CLICOLOR === '0') return false;
  return opts.isTTY && env.TERM !== 'dumb';
}

export interface Style {
  bold(s: string): string;
  dim(s: string): string;
  red(s: string): string;
  green(s: string): string;
  yellow(s: string): string;
  cyan(s: string): string;
}

const plain: Style = { bold: (s) => s, dim: (s) => s, red: (s) => s, green: (s) => s, yellow: (s) => s, cyan: (s) => s };

/**
 * One colour as chalk writes it (its open, its close; a nested close reopens it, a line break
 * closes and reopens), but with markers for escapes (output/terminal-text.ts): the terminal
 * guard turns only those into escapes, after the text inside was made safe.
 */
function sgr(open: number, close: number): (s: string) => string {
  const on = mark(`\x1b[${open}m`);
  const off = mark(`\x1b[${close}m`);
  return (s) => {
    if (!s) return s;
    let inner = s.includes(off) ? s.replaceAll(off, off + on) : s;
    if (inner.includes('\n')) inner = inner.replaceAll('\n', `${off}\n${on}`);
    return on + inner + off;
  };
}

export async function makeStyle(enabled: boolean): Promise<Style> {
  if (!enabled) return plain;
  return { bold: sgr(1, 22), dim: sgr(2, 22), red: sgr(31, 39), green: sgr(32, 39), yellow: sgr(33, 39), cyan: sgr(36, 39) };
}

export const plainStyle = plain;

/**
 * The escapes that redraw a frame in place (`status --watch`), as markers: hide and show the
 * cursor, go up `n` lines to the first column, clear the rest of a line or of the screen.
 */
export const screen = {
  hideCursor: (): string => mark('\x1b[?25l'),
  showCursor: (): string => mark('\x1b[?25h'),
  /** Up `n` lines, to the first column (n = 0: only the first column; `ESC[0A` moves one line on some terminals). */
  up: (n: number): string => mark(n > 0 ? `\x1b[${n}A\x1b[1G` : '\x1b[1G'),
  clearDown: (): string => mark('\x1b[J'),
  clearLineEnd: (): string => mark('\x1b[K'),
};
