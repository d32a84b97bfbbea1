// The board's reads: one list per product, each walked with the client's bounded page walk,
// a few at a time. Kept apart from the board's drawing so that other commands (a batched wait
// across products) can read "everything of the project, with its health" through one call.
// A product that cannot be read is an answer too (forbidden, failed): never a crash of the board.
import type { Client } from '../../client/index.js';
import { datastoreKind, VPS_KIND } from '../../client/families.js';
import { ALERT_INCIDENT_KIND, APP_KIND, cursorPages, UPTIME_KIND } from '../../client/monitoring.js';
import { ALL_PER_PAGE, type Page } from '../../client/paginate.js';
import type { Resource, ResourceKind } from '../../client/resources.js';
import { ALL_VOLUMES } from '../../client/volumes.js';
import { ApiError, AuthError } from '../../client/errors.js';
import { retryAfterMs } from '../../client/retry.js';
import { clampServerDelay } from '../../client/server-delay.js';
import { classify, type Health } from './health.js';

export type Item = Resource & Record<string, unknown>;

/** One product of the board: its key in --json, its words, and how its list is walked. */
export interface Product {
  key: string;
  /** Plural words for the board: `containers`, `VPS instances`. */
  label: string;
  /** The command word that lists it, for hints: `serverless`, `vps`. */
  command: string;
  pages(client: Client, signal: AbortSignal | undefined): AsyncIterable<Page<Item>>;
  /** What the board's ROW says of one item (defaults: status_details.summary, then status). */
  state?(item: Item): string;
}

const listed = (kind: ResourceKind) => (client: Client, signal: AbortSignal | undefined) => client.resources.pages(kind, { all: true, perPage: ALL_PER_PAGE, signal }) as AsyncIterable<Page<Item>>;

const kind = (path: string, noun: string, permission: string): ResourceKind => ({ path, noun, ids: 'uuid', wrapper: 'data', permission });

/**
 * Every product of the board, in the order it lists them. A new product is one line here
 * (kubernetes clusters go here once their family is merged).
 */
export const PRODUCTS: readonly Product[] = [
  { key: 'containers', label: 'containers', command: 'serverless', pages: (c, signal) => c.serverless.pages({ all: true, perPage: ALL_PER_PAGE, signal }) as AsyncIterable<Page<Item>> },
  { key: 'databases', label: 'databases', command: 'database', pages: listed(datastoreKind('database')) },
  { key: 'caches', label: 'caches', command: 'cache', pages: listed(datastoreKind('cache')) },
  { key: 'queues', label: 'queues', command: 'queue', pages: listed(kind('/queue', 'queue', 'queue')) },
  { key: 'vps', label: 'VPS instances', command: 'vps', pages: listed(VPS_KIND) },
  { key: 'volumes', label: 'volumes', command: 'volumes', pages: listed(ALL_VOLUMES) },
  { key: 'buckets', label: 'buckets', command: 'storage buckets', pages: listed(kind('/storage/buckets', 'bucket', 'storage')) },
  { key: 'static_sites', label: 'static sites', command: 'static-sites', pages: listed(kind('/static-sites', 'static site', 'static-site')) },
  { key: 'apps', label: 'apps', command: 'apps', pages: listed(APP_KIND) },
  // A check's legacy status (up, down, paused) is what people call its state.
  {
    key: 'uptime_checks',
    label: 'uptime checks',
    command: 'uptime',
    pages: listed(UPTIME_KIND),
    state: (c) => (typeof c.status === 'string' && c.status) || (c.enabled === false ? 'paused' : 'unknown'),
  },
  {
    key: 'incidents',
    label: 'open incidents',
    command: 'alerts resource incidents',
    pages: (c, signal) => cursorPages(c.http, ALERT_INCIDENT_KIND, { query: { state: 'open' }, all: true, perPage: 100, signal }),
    // An incident the API lists as open is a problem now, whatever its rule calls it.
    state: (i) => (typeof i.state === 'string' && i.state) || 'open',
  },
];

/** One row of the board. */
export interface BoardItem {
  product: string;
  id: string;
  name: string;
  /** The word shown: the status summary, or the product's own status word. */
  state: string;
  /** status_details.health when the API gives it. */
  health?: string;
  verdict: Health;
  /** What the API says went wrong, when it does (status_details.error.message, last_error, title). */
  reason?: string;
}

/** How one product's read went. */
export type ProductRead = { product: Product; outcome: 'read'; items: BoardItem[] } | { product: Product; outcome: 'forbidden' | 'failed'; error: ApiError | Error; items: [] };

export interface BoardRead {
  products: ProductRead[];
  /** The longest pause a refusal asked for (Retry-After), held to the server-delay bounds. */
  retryAfterMs?: number;
}

/** Reads every product, `parallel` at a time. */
export async function readBoard(client: Client, opts: { signal?: AbortSignal; parallel?: number; now: () => number; products?: readonly Product[] }): Promise<BoardRead> {
  const products = opts.products ?? PRODUCTS;
  const out: ProductRead[] = new Array(products.length);
  let next = 0;
  const worker = async () => {
    while (next < products.length) {
      const i = next++;
      out[i] = await readProduct(client, products[i]!, opts.signal);
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.parallel ?? 4, products.length) }, worker));
  let wait: number | undefined;
  for (const r of out) {
    if (r.outcome === 'read' || !(r.error instanceof ApiError)) continue;
    const asked = retryAfterMs(r.error.headers?.['retry-after'], opts.now());
    if (asked !== undefined) wait = Math.max(wait ?? 0, clampServerDelay(asked));
  }
  return { products: out, ...(wait === undefined ? {} : { retryAfterMs: wait }) };
}

async function readProduct(client: Client, product: Product, signal: AbortSignal | undefined): Promise<ProductRead> {
  try {
    const items: BoardItem[] = [];
    for await (const page of product.pages(client, signal)) for (const item of page.items) items.push(boardItem(product, item));
    return { product, outcome: 'read', items };
  } catch (err) {
    // Ctrl-C ends the board, not one product's read.
    if (signal?.aborted) throw err;
    if (err instanceof AuthError && err.status === 403) return { product, outcome: 'forbidden', error: err, items: [] };
    if (err instanceof AuthError) throw err;
    return { product, outcome: 'failed', error: err instanceof Error ? err : new Error(String(err)), items: [] };
  }
}

function text(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined;
}

function boardItem(product: Product, item: Item): BoardItem {
  const details = item.status_details;
  const state = product.state?.(item) ?? details?.summary ?? text(item.status) ?? 'unknown';
  const health = details?.health ?? undefined;
  // The summary may still describe the last settled state while a change is under way.
  const op = details?.operation as { state?: unknown; terminal?: unknown } | null | undefined;
  const inFlight = op?.terminal === false;
  const shown = inFlight && typeof op?.state === 'string' ? `${state} (${op.state})` : state;
  const reason =
    text((details?.error as { message?: unknown } | null | undefined)?.message) ?? text(item.last_error) ?? text(item.error_message) ?? (product.key === 'incidents' ? text(item.title) : undefined);
  return {
    product: product.key,
    id: String(item.id),
    name: item.name ?? text(item.title) ?? String(item.id),
    state: shown,
    ...(health ? { health } : {}),
    verdict: product.key === 'incidents' ? 'unhealthy' : classify(state, health ?? undefined, inFlight),
    ...(reason ? { reason } : {}),
  };
}
