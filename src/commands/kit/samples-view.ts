// Human views of measurement answers whose shape the facts leave loose (serverless metrics
// and usage, database load and queries, bucket trends): series `{timestamps, values}` become
// one row each (points, min, max, last, and a sparkline on a terminal), arrays of records
// become a table, and the scalars left become key/value lines. --json never comes here.
import type { App } from '../../cli/app.js';
import type { Column } from '../../output/table.js';
import { sparkline } from '../../output/sparkline.js';
import { flatten } from '../resource/read.js';

export interface Series {
  name: string;
  values: number[];
  timestamps: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `{timestamps: [...], values: [...]}` (MetricSeries), values read as numbers. */
export function asSeries(name: string, v: unknown): Series | undefined {
  if (!isObject(v) || !Array.isArray(v.values)) return undefined;
  const values = v.values.map((x) => (typeof x === 'number' ? x : Number(x)));
  if (values.some((x) => !Number.isFinite(x))) return undefined;
  const timestamps = Array.isArray(v.timestamps) ? v.timestamps.map(String) : [];
  return { name, values, timestamps };
}

/** Every series of a map (`metrics`, `series`) in the order sent. */
export function seriesOf(map: unknown): Series[] {
  if (!isObject(map)) return [];
  return Object.entries(map).flatMap(([k, v]) => asSeries(k, v) ?? []);
}

const round = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));

/** The table of series: a sparkline column only where it can be seen (a terminal). */
export function seriesColumns(tty: boolean): Column<Series>[] {
  const cols: Column<Series>[] = [
    { header: 'SERIES', value: (s) => s.name },
    { header: 'POINTS', value: (s) => String(s.values.length) },
    { header: 'MIN', value: (s) => (s.values.length ? round(Math.min(...s.values)) : '') },
    { header: 'MAX', value: (s) => (s.values.length ? round(Math.max(...s.values)) : '') },
    { header: 'LAST', value: (s) => (s.values.length ? round(s.values.at(-1)!) : '') },
  ];
  return tty ? [...cols, { header: 'TREND', value: (s) => sparkline(s.values, { width: 40 }) }] : cols;
}

/** A table of records: the columns are their scalar fields, in the order first seen. */
export function recordColumns(items: Record<string, unknown>[], max = 8): Column<Record<string, unknown>>[] {
  const keys: string[] = [];
  for (const item of items) for (const [k, v] of Object.entries(item)) if (!keys.includes(k) && (v === null || typeof v !== 'object')) keys.push(k);
  return keys.slice(0, max).map((k) => ({ header: k.toUpperCase(), value: (r) => (r[k] === null || r[k] === undefined ? '' : String(r[k])) }));
}

/**
 * An answer as people read it: its scalars as key/value lines first, then each series map
 * and each array of records as a table. Keys named in `skip` are left out.
 */
export async function renderSamples(app: App, raw: unknown, skip: readonly string[] = []): Promise<void> {
  if (!isObject(raw)) return app.keyValue(flatten(raw));
  const tty = !!app.ctx.stdout.isTTY;
  const scalars: [string, string][] = [];
  const tables: (() => Promise<void>)[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (skip.includes(key)) continue;
    const series = seriesOf(value);
    if (series.length) {
      tables.push(async () => {
        const t = app.table(seriesColumns(tty));
        t.add(series);
        await t.end();
      });
    } else if (Array.isArray(value) && value.length && value.every(isObject)) {
      tables.push(async () => {
        const t = app.table(recordColumns(value as Record<string, unknown>[]));
        t.add(value as Record<string, unknown>[]);
        await t.end();
      });
    } else scalars.push(...flatten(value, key));
  }
  if (scalars.length) app.keyValue(scalars);
  for (const table of tables) await table();
}
