// Lazy page iteration over the list shape of spec 2.1: one request per page, following
// `pagination.last_page`, so a long list streams instead of buffering. The server's default
// page is 15 items, so `per_page` is always sent (contract 12).
import type * as z from 'zod/mini';
import type { HttpClient } from './http.js';
import { listOf, type Pagination } from './schemas.js';

export interface Page<T> {
  items: T[];
  /** The items as the API sent them (`--json` prints these). */
  raw: unknown[];
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
  query?: Record<string, string | number | undefined>;
  permission?: string;
  signal?: AbortSignal;
}

/** Items per page when the user did not choose: a screenful for one page, large pages for all of them. */
export const DEFAULT_PER_PAGE = 20;
export const ALL_PER_PAGE = 200;

export async function* paginate<T>(http: HttpClient, path: string, item: z.ZodMiniType<T>, q: PageQuery = {}): AsyncGenerator<Page<T>> {
  const schema = listOf(item) as unknown as z.ZodMiniType<{ data: T[]; pagination?: Pagination | null }>;
  const perPage = q.perPage ?? (q.all ? ALL_PER_PAGE : DEFAULT_PER_PAGE);
  let page = q.page ?? 1;
  for (;;) {
    const res = await http.get(path, { query: { ...q.query, page, per_page: perPage }, schema, permission: q.permission, signal: q.signal });
    const raw = (res.raw as { data: unknown[] }).data;
    const pagination = pageInfo(res.data.pagination, page, res.data.data.length, perPage);
    yield { items: res.data.data, raw, pagination };
    // A server that does not advance (or sends no pagination) would otherwise loop forever.
    if (!q.all || pagination.current_page >= pagination.last_page || res.data.data.length === 0) return;
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
