// Cron expressions of run schedules (5 fields, as the API's `cron_expression`), checked before
// any request, and the next run times they give in a schedule's IANA timezone. Pure: the
// client shows the next three runs with it and the simulator computes `next_run_at` with it.
//
// Time is stepped through local wall-clock time: a schedule says "03:30 in Bucharest", so a
// daylight-saving change moves the UTC moment, never the local time. Two edge cases:
// - a local time that does not exist (the spring gap, e.g. 03:30 on the last Sunday of March
//   in Bucharest): the run happens at the first valid minute after it (04:00 there), once;
// - a local time that happens twice (the autumn overlap): the first occurrence only.

export interface CronSpec {
  /** The expression as given, trimmed. */
  source: string;
  minutes: readonly number[];
  hours: readonly number[];
  daysOfMonth: ReadonlySet<number>;
  months: ReadonlySet<number>;
  /** 0 = Sunday (7 is read as 0). */
  daysOfWeek: ReadonlySet<number>;
  /** Vixie cron: when both day fields are restricted, a day matching either runs. */
  domRestricted: boolean;
  dowRestricted: boolean;
}

export class CronError extends Error {
  override name = 'CronError';
}

interface Field {
  name: string;
  min: number;
  max: number;
  names?: readonly string[];
  /** The first name's number (months start at 1). */
  namesFrom?: number;
}

const FIELDS: readonly Field[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'], namesFrom: 1 },
  { name: 'day of week', min: 0, max: 7, names: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'], namesFrom: 0 },
];

const FORM = 'minute hour day-of-month month day-of-week, e.g. "30 3 * * *"';

function value(text: string, f: Field): number {
  const upper = text.toUpperCase();
  const named = f.names?.indexOf(upper) ?? -1;
  if (named >= 0) return named + (f.namesFrom ?? 0);
  if (!/^\d+$/.test(text)) throw new CronError(`${f.name}: "${text}" is not a number${f.names ? ` or a name (${f.names[0]}-${f.names.at(-1)})` : ''}`);
  const n = Number(text);
  if (n < f.min || n > f.max) throw new CronError(`${f.name}: ${n} is out of range ${f.min}-${f.max}`);
  return n;
}

/** One field: `*`, `a`, `a-b`, any of them with `/step`, and comma lists of those. */
function parseField(text: string, f: Field): { values: Set<number>; star: boolean } {
  const values = new Set<number>();
  let star = false;
  for (const part of text.split(',')) {
    if (part === '') throw new CronError(`${f.name}: empty item in "${text}"`);
    const [range, stepText, extra] = part.split('/');
    if (extra !== undefined) throw new CronError(`${f.name}: "${part}" has more than one "/"`);
    let step = 1;
    if (stepText !== undefined) {
      if (!/^\d+$/.test(stepText) || Number(stepText) < 1) throw new CronError(`${f.name}: the step in "${part}" must be a whole number of at least 1`);
      step = Number(stepText);
    }
    let lo: number;
    let hi: number;
    if (range === '*') {
      [lo, hi] = [f.min, f.max];
      if (stepText === undefined) star = true;
    } else if (range!.includes('-')) {
      const [a, b, more] = range!.split('-');
      if (more !== undefined || !a || !b) throw new CronError(`${f.name}: "${range}" is not a range a-b`);
      [lo, hi] = [value(a, f), value(b, f)];
      if (lo > hi) throw new CronError(`${f.name}: the range "${range}" runs backwards`);
    } else {
      lo = value(range!, f);
      // `a/n` means from a to the end of the field, every n.
      hi = stepText === undefined ? lo : f.max;
    }
    for (let v = lo; v <= hi; v += step) values.add(v);
  }
  return { values, star };
}

/** Parses a 5-field cron expression; throws a CronError saying what is wrong. */
export function parseCron(expression: string): CronSpec {
  const source = expression.trim();
  if (source.startsWith('@')) throw new CronError(`"${source}": macros such as @daily are not accepted; give 5 fields: ${FORM}`);
  const parts = source.split(/\s+/).filter(Boolean);
  if (parts.length !== 5) throw new CronError(`a cron expression has 5 fields (${FORM}); "${source}" has ${parts.length}${parts.length === 6 ? ' (6-field crons with seconds are not accepted)' : ''}`);
  const [mi, h, dom, mon, dow] = parts.map((p, i) => parseField(p, FIELDS[i]!));
  const daysOfWeek = new Set([...dow!.values].map((d) => d % 7));
  return {
    source,
    minutes: [...mi!.values].sort((a, b) => a - b),
    hours: [...h!.values].sort((a, b) => a - b),
    daysOfMonth: dom!.values,
    months: mon!.values,
    daysOfWeek,
    domRestricted: !dom!.star,
    dowRestricted: !dow!.star,
  };
}

// --- timezones -----------------------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(tz, f);
  }
  return f;
}

/**
 * The IANA name for a timezone as given (its case fixed from the runtime's list), or
 * undefined when it is not one. Offsets such as "+02:00" are refused: a schedule follows a
 * place's clock, daylight saving included.
 */
export function canonicalTimeZone(tz: string): string | undefined {
  const t = tz.trim();
  if (!/^[A-Za-z]/.test(t)) return undefined;
  try {
    formatter(t);
  } catch {
    return undefined;
  }
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return listed.find((z) => z.toLowerCase() === t.toLowerCase()) ?? (t.toUpperCase() === 'UTC' ? 'UTC' : t);
}

/** Wall-clock fields of an instant in a timezone. */
export interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

export function wallAt(ms: number, tz: string): Wall {
  const parts: Record<string, number> = {};
  for (const p of formatter(tz).formatToParts(new Date(ms))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute! };
}

/** The wall time read as if it were UTC (a number to compare and subtract wall times with). */
function wallMs(w: Wall): number {
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
}

/** The timezone's offset from UTC at an instant, in minutes (Bucharest in summer: 180). */
export function offsetMinutes(ms: number, tz: string): number {
  const floor = Math.floor(ms / 60_000) * 60_000;
  return Math.round((wallMs(wallAt(floor, tz)) - floor) / 60_000);
}

/**
 * The UTC instant of a local wall time: the earlier one when the time happens twice, the
 * first valid minute after it when it does not happen (the rules at the top of this file).
 */
export function instantOf(w: Wall, tz: string): number {
  const local = wallMs(w);
  const offsets = new Set([offsetMinutes(local - 86_400_000, tz), offsetMinutes(local, tz), offsetMinutes(local + 86_400_000, tz)]);
  const hits = [...offsets].map((o) => local - o * 60_000).filter((t) => wallMs(wallAt(t, tz)) === local);
  if (hits.length > 0) return Math.min(...hits);
  // In a gap: the first minute whose wall time is past the asked one (at most a few hours on).
  let t = local - Math.max(...offsets) * 60_000;
  for (let i = 0; i < 24 * 60 && wallMs(wallAt(t, tz)) <= local; i++) t += 60_000;
  return t;
}

// --- next runs -----------------------------------------------------------------------------

export interface NextRun {
  /** The UTC instant, epoch milliseconds. */
  at: number;
  /** `2026-03-29T04:00:00Z` */
  utc: string;
  /** `2026-03-29 04:00 +03:00`: the wall time in the schedule's timezone, with its offset then. */
  local: string;
}

/** How far ahead to look: a 29 February schedule can be almost 8 years away. */
const MAX_DAYS = 8 * 366 + 2;

function dayMatches(spec: CronSpec, y: number, m: number, d: number): boolean {
  if (!spec.months.has(m)) return false;
  const dow = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  const domOk = spec.daysOfMonth.has(d);
  const dowOk = spec.daysOfWeek.has(dow);
  if (spec.domRestricted && spec.dowRestricted) return domOk || dowOk;
  return domOk && dowOk;
}

export function describeInstant(ms: number, tz: string): NextRun {
  const w = wallAt(ms, tz);
  const off = offsetMinutes(ms, tz);
  const sign = off < 0 ? '-' : '+';
  const abs = Math.abs(off);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    at: ms,
    utc: new Date(ms).toISOString().replace('.000Z', 'Z'),
    local: `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)} ${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`,
  };
}

/**
 * The next `count` runs strictly after `afterMs`, in order; fewer when the expression never
 * fires within eight years (`0 0 30 2 *`).
 */
export function nextRuns(spec: CronSpec, tz: string, afterMs: number, count = 3): NextRun[] {
  const out: NextRun[] = [];
  const start = wallAt(afterMs, tz);
  const first = Date.UTC(start.year, start.month - 1, start.day);
  for (let i = 0; i < MAX_DAYS && out.length < count; i++) {
    const date = new Date(first + i * 86_400_000);
    const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    if (!dayMatches(spec, y, m, d)) continue;
    const day: number[] = [];
    for (const hour of spec.hours)
      for (const minute of spec.minutes) {
        const at = instantOf({ year: y, month: m, day: d, hour, minute }, tz);
        if (at > afterMs) day.push(at);
      }
    // Gap times land on the same valid minute as others: each instant runs once.
    for (const at of [...new Set(day)].sort((a, b) => a - b)) {
      if (out.length >= count) break;
      if (out.length === 0 || at > out.at(-1)!.at) out.push(describeInstant(at, tz));
    }
  }
  return out;
}
