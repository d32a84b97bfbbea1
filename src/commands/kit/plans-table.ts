// The answers a person chooses from (plans, images): a table, one row per choice, in place of
// a `plans[0].monthly_cost_cents: 1500` dump. The columns come from the items' own fields,
// sizes and prices said as people read them; piped, the same rows tab-separated; --json as sent.
import type { App } from '../../cli/app.js';

type Item = Record<string, unknown>;

/** A known field: its header and how its value reads. */
const KNOWN: readonly [string, string, (v: unknown) => string][] = [
  ['id', 'ID', String],
  ['slug', 'ID', String],
  ['name', 'NAME', String],
  ['display_name', 'NAME', String],
  ['label', 'NAME', String],
  ['cpu_cores', 'CPU', (v) => `${v} vCPU`],
  ['cpu_allocation_type', 'CPU TYPE', String],
  ['type', 'CPU TYPE', String],
  ['memory_size_mb', 'MEMORY', (v) => gib(Number(v) / 1024)],
  ['memory_gb', 'MEMORY', (v) => gib(Number(v))],
  ['storage_size_gb', 'STORAGE', (v) => `${v} GB`],
  ['storage_gb', 'STORAGE', (v) => `${v} GB`],
  ['monthly_cost_cents', 'PRICE/MONTH', (v) => (Number(v) / 100).toFixed(2)],
  ['monthly_cost', 'PRICE/MONTH', (v) => Number(v).toFixed(2)],
  ['description', 'DESCRIPTION', String],
];

function gib(n: number): string {
  return `${Number.isInteger(n) ? n : n.toFixed(1)} GiB`;
}

/** The one list an answer holds (`{plans: [...]}`, `{images: [...]}`, a bare array), when its items are flat records. */
function choicesOf(raw: unknown): Item[] | undefined {
  const lists = Array.isArray(raw) ? [raw] : raw && typeof raw === 'object' ? Object.values(raw).filter(Array.isArray) : [];
  if (lists.length !== 1) return undefined;
  const items = lists[0] as unknown[];
  const flat = (v: unknown) => v && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((f) => f === null || typeof f !== 'object');
  return items.length > 0 && items.every(flat) ? (items as Item[]) : undefined;
}

/** Prints the answer as a table of choices and says true, or says false (not such an answer). */
export async function printChoices(app: App, raw: unknown): Promise<boolean> {
  const items = choicesOf(raw);
  if (!items) return false;
  const present = (key: string) => items.some((it) => it[key] !== undefined && it[key] !== null);
  const known = KNOWN.filter(([key], i) => present(key) && !KNOWN.slice(0, i).some(([k, h]) => h === KNOWN[i]![1] && present(k)));
  const table = app.table<Item>(known.map(([key, header, show]) => ({ header, value: (it) => (it[key] === undefined || it[key] === null ? '' : show(it[key])) })));
  table.add(items);
  await table.end();
  return true;
}
