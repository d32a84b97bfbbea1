// The board as text and as data: worst first, counts per product, the products that could not
// be read said on a line of their own. One function makes a whole frame, so `--watch` can
// redraw it in one write.
import { AuthError } from '../../client/errors.js';
import type { Style } from '../../output/color.js';
import { truncate } from '../../output/fit.js';
import type { OutStream } from '../../output/stream.js';
import { tableWriter, type Column } from '../../output/table.js';
import type { BoardItem, BoardRead, ProductRead } from './board-read.js';
import { HEALTH_ORDER, healthRank, type Health } from './health.js';

export type Counts = Record<Health, number> & { total: number };

function countOf(items: readonly BoardItem[]): Counts {
  const c = { total: items.length, unhealthy: 0, unknown: 0, transitional: 0, idle: 0, healthy: 0 };
  for (const i of items) c[i.verdict]++;
  return c;
}

/** Every item of the board, worst first, then in product order, then by name. */
export function boardItems(read: BoardRead): BoardItem[] {
  const order = new Map(read.products.map((p, i) => [p.product.key, i]));
  return read.products.flatMap((p) => p.items).sort((a, b) => healthRank(a.verdict) - healthRank(b.verdict) || order.get(a.product)! - order.get(b.product)! || a.name.localeCompare(b.name));
}

/** Anything unhealthy now (docs/behaviour.md#status-board). */
export function isUnhealthy(read: BoardRead): boolean {
  return read.products.some((p) => p.items.some((i) => i.verdict === 'unhealthy'));
}

/** The names of what is unhealthy, for the failure line of --exit-status and --fail-fast. */
export function unhealthyNames(read: BoardRead): string[] {
  return read.products.flatMap((p) => p.items.filter((i) => i.verdict === 'unhealthy').map((i) => `${i.name} (${p.product.key})`));
}

function problem(p: ProductRead): string | undefined {
  if (p.outcome === 'read') return undefined;
  if (p.outcome === 'forbidden') {
    const perm = p.error instanceof AuthError ? p.error.permission : undefined;
    return `not readable with this token${perm ? ` (needs ${perm})` : ''}`;
  }
  return `could not be read: ${p.error.message}`;
}

/**
 * The --json of one board, a stable shape (docs/guide.md, "The project at a glance"): `healthy` (nothing unhealthy),
 * `counts` by verdict, `products` by key (whether it was read, its counts, or why not), and
 * `items` worst first.
 */
export function boardJson(read: BoardRead): Record<string, unknown> {
  const items = boardItems(read);
  const products: Record<string, unknown> = {};
  for (const p of read.products) {
    const why = problem(p);
    products[p.product.key] = p.outcome === 'read' ? { read: 'ok', ...countOf(p.items) } : { read: p.outcome, error: why };
  }
  return { healthy: !isUnhealthy(read), counts: countOf(items), products, items };
}

const VERDICT_WORD: Record<Health, string> = { unhealthy: 'UNHEALTHY', unknown: 'unknown', transitional: 'changing', idle: 'stopped', healthy: 'ok' };

function paint(style: Style, verdict: Health, text: string): string {
  if (verdict === 'unhealthy') return style.red(text);
  if (verdict === 'transitional' || verdict === 'unknown') return style.yellow(text);
  if (verdict === 'idle') return style.dim(text);
  return style.green(text);
}

const COLUMNS = (style: Style): Column<BoardItem>[] => [
  { header: 'VERDICT', value: (i) => VERDICT_WORD[i.verdict], color: (v, i) => paint(style, i.verdict, v) },
  { header: 'PRODUCT', value: (i) => i.product.replace('_', ' ') },
  { header: 'NAME', value: (i) => i.name, fit: { kind: 'text', min: 10 } },
  { header: 'STATE', value: (i) => i.state },
  { header: 'HEALTH', value: (i) => i.health ?? '', fit: { priority: 1 } },
  { header: 'REASON', value: (i) => i.reason ?? '', fit: { kind: 'text', min: 12, priority: 2 } },
  { header: 'ID', value: (i) => i.id, fit: { kind: 'id', priority: 3 } },
];

class Lines implements OutStream {
  text = '';
  constructor(
    readonly isTTY: boolean,
    readonly columns: number,
  ) {}
  write(chunk: string | Uint8Array): boolean {
    this.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return true;
  }
}

export interface FrameOptions {
  /** The terminal's width; 0 when piped (the table is then tab-separated). */
  width: number;
  terminal: boolean;
  style: Style;
  /** At most this many lines (a redrawn frame must fit the screen); none: every line. */
  maxLines?: number;
}

/** The summary lines: the verdict, then counts per product. */
function summaryLines(read: BoardRead, style: Style): string[] {
  const all = countOf(read.products.flatMap((p) => p.items));
  const parts = HEALTH_ORDER.filter((h) => h !== 'healthy' && all[h] > 0).map((h) => `${all[h]} ${VERDICT_WORD[h] === 'UNHEALTHY' ? 'unhealthy' : VERDICT_WORD[h]}`);
  const head = all.unhealthy > 0 ? style.red('UNHEALTHY') : style.green('healthy');
  const lines = [`${head}: ${all.total} resources${parts.length ? `, ${parts.join(', ')}` : ''}`];
  const per = read.products
    .filter((p) => p.outcome === 'read' && p.items.length > 0)
    .map((p) => {
      const c = countOf(p.items);
      return `${p.product.label} ${c.total}${c.unhealthy ? ` (${c.unhealthy} unhealthy)` : ''}`;
    });
  if (per.length) lines.push(per.join(' · '));
  for (const p of read.products) {
    const why = problem(p);
    if (why) lines.push(`${p.product.label}: ${why}`);
  }
  return lines;
}

/** One whole board as text. */
export async function boardFrame(read: BoardRead, opts: FrameOptions): Promise<string> {
  const items = boardItems(read);
  const out = new Lines(opts.terminal, opts.width);
  let lines = summaryLines(read, opts.style);
  if (opts.terminal) lines = lines.map((l) => truncate(l, Math.max(1, opts.width - 1)));
  // Piped, the summary goes first as lines of its own; the rows after it stay tab-separated.
  out.write(lines.join('\n') + '\n');
  let shown = items;
  let hidden = 0;
  if (opts.maxLines !== undefined) {
    // Room for the summary, a blank line, the header, the rows and a line saying what was left out.
    const room = Math.max(1, opts.maxLines - lines.length - 3);
    if (items.length > room) {
      shown = items.slice(0, room);
      hidden = items.length - room;
    }
  }
  if (shown.length) {
    out.write('\n');
    // The frame's own width less one: a line that fills the last column makes some terminals wrap.
    const table = tableWriter(out, COLUMNS(opts.style), opts.style, { width: Math.max(20, opts.width - 1) });
    table.add(shown);
    await table.end();
  }
  if (hidden) {
    const more = `... ${hidden} more (a taller terminal, or no --watch, shows every row)`;
    out.write(`${opts.terminal ? truncate(more, Math.max(1, opts.width - 1)) : more}\n`);
  }
  return out.text;
}
