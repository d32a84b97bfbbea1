// Pure reading of an app's metrics answer for people: the series (when the server sends them
// as `{name: {timestamps, values}}`; the facts type `data.metrics` only as a string, so
// anything else gives no series) and one row per series with its last, min, average and max.

export interface SeriesRow {
  name: string;
  values: number[];
  last?: number;
  min?: number;
  avg?: number;
  max?: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The numeric series of `metrics`, in the order sent; points that are not numbers are dropped. */
export function seriesOf(metrics: unknown): SeriesRow[] {
  if (!isObject(metrics)) return [];
  const rows: SeriesRow[] = [];
  for (const [name, s] of Object.entries(metrics)) {
    const raw = isObject(s) && Array.isArray(s.values) ? s.values : Array.isArray(s) ? s : undefined;
    if (!raw) continue;
    const values = raw.map((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v)).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
    if (values.length === 0) {
      rows.push({ name, values });
      continue;
    }
    const sum = values.reduce((a, b) => a + b, 0);
    rows.push({ name, values, last: values.at(-1), min: Math.min(...values), avg: sum / values.length, max: Math.max(...values) });
  }
  return rows;
}

/** A number as a cell: at most one decimal, nothing for a missing value. */
export function num(v: number | undefined): string {
  if (v === undefined) return '';
  return Number.isInteger(v) ? String(v) : v.toFixed(1);
}
