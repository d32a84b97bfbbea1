// Rendering of log pages: one string per page (one write), so that 200,000 entries cost
// 200 writes of a page each, not 200,000 small ones.
import type { LogEntry } from '../../client/schemas.js';
import type { Style } from '../../output/color.js';

export type PageRenderer = (entries: readonly LogEntry[]) => string;

/** NDJSON: one entry per line, as the API sent it (additive fields included). */
export const ndjson: PageRenderer = (entries) => {
  let out = '';
  for (const e of entries) out += JSON.stringify(e) + '\n';
  return out;
};

/** `timestamp  container  level  message`, the level coloured when the style has colours. */
export function humanLines(style: Style): PageRenderer {
  const paint: Record<string, (s: string) => string> = { error: style.red, warn: style.yellow, debug: style.dim, info: style.green };
  return (entries) => {
    let out = '';
    for (const e of entries) {
      const level = (e.level ?? '-').toLowerCase();
      const padded = level.padEnd(5);
      const colour = paint[level];
      // Keep one entry on one line: a multi-line message would break `grep` and `cut`.
      const message = e.message.replace(/\r?\n/g, '\\n');
      out += `${e.timestamp}  ${(e.container ?? '-').padEnd(14)}  ${colour ? colour(padded) : padded}  ${message}\n`;
    }
    return out;
  };
}

/** Severity order of log levels, with the usual other spellings. */
const RANK: Readonly<Record<string, number>> = { trace: 0, debug: 1, info: 2, notice: 2, warn: 3, warning: 3, error: 4, err: 4, fatal: 5, critical: 5, crit: 5, panic: 5 };

/**
 * Pure: whether an entry shows under `--level min` (at or above it). The API matches the
 * level word in the text, so an `info` line that mentions "error" comes back for
 * `--level error`; an entry that carries its own structured `level` is judged by it. An
 * entry without one, or with a level this client does not know, is kept: the text match is
 * then all there is.
 */
export function atOrAbove(level: string | null | undefined, min: string): boolean {
  const have = level ? RANK[level.toLowerCase()] : undefined;
  const want = RANK[min.toLowerCase()];
  return have === undefined || want === undefined || have >= want;
}
