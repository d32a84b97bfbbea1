// Durations as people type them on the command line (docs/behaviour.md#commands): `90s`, `15m`,
// `2h`, `3d`, also `500ms` and combinations such as `1h30m`. Pure: flags wrap the Error
// in a usage error that names themselves (src/cli/options.ts does that for commander).

const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

const PART = /(\d+(?:\.\d+)?)(ms|s|m|h|d)/gy;

/** Milliseconds in a duration such as `90s`, `15m`, `2h`, `3d`, `500ms` or `1h30m`. Throws a descriptive Error. */
export function parseDuration(text: string): number {
  const input = text.trim();
  if (input === '') throw new Error('empty duration; use a number with a unit such as 90s, 15m, 2h or 3d');
  if (/^\d+(\.\d+)?$/.test(input)) throw new Error(`"${text}" has no unit; use a number with a unit such as 90s, 15m, 2h or 3d`);
  PART.lastIndex = 0;
  let total = 0;
  let consumed = 0;
  for (let m = PART.exec(input); m; m = PART.exec(input)) {
    total += Number(m[1]) * UNIT_MS[m[2]!]!;
    consumed = PART.lastIndex;
  }
  if (consumed !== input.length) throw new Error(`"${text}" is not a duration; use a number with a unit such as 90s, 15m, 2h or 3d (units: ms, s, m, h, d)`);
  const ms = Math.round(total);
  if (!Number.isSafeInteger(ms)) throw new Error(`"${text}" is too long a duration`);
  return ms;
}

/** `90s`, `15m`, `1h30m` back again, for messages (whole seconds; below a second in ms). */
export function formatDuration(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)}ms`;
  let s = Math.round(ms / 1_000);
  const parts: string[] = [];
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3_600],
    ['m', 60],
  ] as const) {
    if (s >= size) {
      parts.push(`${Math.floor(s / size)}${unit}`);
      s %= size;
    }
  }
  if (s > 0 || parts.length === 0) parts.push(`${s}s`);
  return parts.join('');
}
