// Lazy page iteration over the list shape of docs/behaviour.md#api-lists: one request per page, following
// `pagination.last_page`, so a long list streams instead of buffering. The server's default
// page is 15 items, so `per_page` is always sent (docs/behaviour.md#wire). The walk is bounded
// by the client (walk-bounds.ts): a repeated page, or more than MAX_PAGES/MAX_ITEMS, ends it
// with an error; a `total` that contradicts last_page ends it as complete.
import type * as z from 'zod/mini';
import type { HttpClient, Reader } from './http.js';
import { ResponseShapeError } from './errors.js';
import { describeIssue } from './parse.js';
import { isPlainObject, requiredCheck, sameCheck, type Check } from './in-place.js';
import { listOf, Pagination } from './schemas.js';
import { lenient } from './wire.js';
import { sentItems, type SentItems } from './raw-items.js';
import { WalkGuard } from './walk-bounds.js';

export interface Page<T> {
  /** The items as read by the item schema (computed when first asked for). */
  items: T[];
  /** The items as the API sent them (`--json` prints these). */
  raw: unknown[];
  /** Where each item of `raw` is in the answer as received (computed when first asked for), when known. */
  sent?: SentItems;
  pagination: PageInfo;
}

/** The pagination of one page, completed where the server left parts out. */
export interface PageInfo {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

export interface PageQuery {
  page?: number;
  perPage?: number;
  /** Follow `last_page` (true) or stop after the first page. */
  all?: boolean;
  /** At most this many items in all: no page is asked for once they came (the last one is cut). */
  limit?: number;
  query?: Record<string, string | number | undefined>;
  permission?: string;
  signal?: AbortSignal;
}

/** Items per page when the user did not choose: a screenful for one page, large pages for all of them (fewer under a smaller limit). */
export const DEFAULT_PER_PAGE = 20;
export const ALL_PER_PAGE = 200;

/** One list answer as read: the items as sent, the pagination, and the items as the schema reads them, on demand. */
export interface ListRead<T> {
  raw: unknown[];
  pagination: Pagination | null | undefined;
  /** Throws the ResponseShapeError a full parse would (it cannot, once `raw` passed the required fields). */
  items(): T[];
}

const LenientPagination = lenient(Pagination);

/**
 * Reads `{data: [item], pagination}` the way `listOf(item)` does, without copying every item:
 * the answer is accepted when each item has the fields that can fail (usually just `id`);
 * the items are read only when asked for, each one used as sent when the schema would
 * return it unchanged (in-place.ts). Any answer the quick checks refuse goes through
 * `listOf(item)`, so errors name the same field as before.
 */
export function listReader<T>(item: z.ZodMiniType<T>, endpoint: string): Reader<ListRead<T>> {
  const full = listOf(item) as unknown as z.ZodMiniType<{ data: T[]; pagination?: Pagination | null }>;
  const required = requiredCheck(item);
  const same = sameCheck(item);
  const viaFull = (json: unknown) => {
    const parsed = full.safeParse(json);
    if (!parsed.success) return parsed;
    const items = parsed.data.data;
    return { success: true as const, data: { raw: (json as { data: unknown[] }).data, pagination: parsed.data.pagination, items: () => items } };
  };
  return {
    safeParse(json) {
      if (!required || !isPlainObject(json) || !Array.isArray(json.data) || !json.data.every(required)) return viaFull(json);
      const raw = json.data;
      let items: T[] | undefined;
      const pagination = LenientPagination.safeParse(json.pagination);
      return {
        success: true,
        data: {
          raw,
          pagination: pagination.success ? pagination.data : undefined,
          items: () => (items ??= readItems(raw, item, same, json, full, endpoint)),
        },
      };
    },
  };
}

function readItems<T>(raw: unknown[], item: z.ZodMiniType<T>, same: Check | undefined, json: unknown, full: z.ZodMiniType, endpoint: string): T[] {
  const out = new Array<T>(raw.length);
  for (let i = 0; i < raw.length; i++) {
    const v = raw[i];
    if (same?.(v)) {
      out[i] = v as T;
      continue;
    }
    const parsed = item.safeParse(v);
    if (!parsed.success) {
      // Not expected (the required fields were checked): report it as the full parse would.
      const { field, problem } = describeIssue(full.safeParse(json).error ?? parsed.error, json);
      throw new ResponseShapeError(`the response of ${endpoint} ${problem}`, 200, endpoint, field);
    }
    out[i] = parsed.data;
  }
  return out;
}

export async function* paginate<T>(http: HttpClient, path: string, item: z.ZodMiniType<T>, q: PageQuery = {}): AsyncGenerator<Page<T>> {
  const schema = listReader(item, `GET /api/v1${path}`);
  const limit = q.limit;
  const perPage = q.perPage ?? (q.all ? Math.min(ALL_PER_PAGE, limit ?? ALL_PER_PAGE) : DEFAULT_PER_PAGE);
  let page = q.page ?? 1;
  let count = 0;
  const guard = new WalkGuard(`GET /api/v1${path}`);
  for (;;) {
    const res = await http.get(path, { query: { ...q.query, page, per_page: perPage }, schema, permission: q.permission, signal: q.signal, keepBytes: true });
    const read = res.data;
    const pagination = pageInfo(read.pagination, page, read.raw.length, perPage);
    const sentCount = read.raw.length;
    // Before anything of it is shown: a page seen before would print its items twice.
    guard.page(pagination.current_page, page, sentCount);
    // Under a limit the page that reaches it is cut: the items past it are not shown.
    const keep = limit === undefined ? sentCount : Math.min(sentCount, limit - count);
    const raw = keep < sentCount ? read.raw.slice(0, keep) : read.raw;
    count += keep;
    let items: T[] | undefined;
    let sent: SentItems | null | undefined;
    yield {
      raw,
      pagination,
      get items() {
        return (items ??= keep < sentCount ? read.items().slice(0, keep) : read.items());
      },
      get sent() {
        // The spans of the answer's items as sent: those of the kept ones are the first.
        if (sent === undefined) sent = (res.bytes && sentItems(res.bytes, sentCount)) ?? null;
        return sent ?? undefined;
      },
    };
    // A server that does not advance (or sends no pagination) would otherwise loop forever.
    if (!q.all || pagination.current_page >= pagination.last_page || sentCount === 0) return;
    if (limit !== undefined && count >= limit) return;
    // A last_page that contradicts the total (1e9 pages of 3 items) is not believed: once every
    // item the total announced has come, the list is complete. Where the two agree, last_page rules.
    const total = read.pagination?.total;
    if (typeof total === 'number' && total > 0 && guard.items >= total && pagination.last_page > Math.ceil(total / Math.max(1, pagination.per_page))) return;
    guard.next(pagination.last_page);
    page = Math.max(page, pagination.current_page) + 1;
  }
}

/** The pagination as sent, completed where the server left parts out (one page, as far as anyone can tell). */
export function pageInfo(p: Pagination | null | undefined, page: number, count: number, perPage: number): PageInfo {
  const current = p?.current_page ?? page;
  return {
    current_page: current,
    last_page: p?.last_page ?? current,
    per_page: p?.per_page ?? perPage,
    total: p?.total ?? count,
  };
}
