// Lazy page iteration over the list shape of spec 2.1: one request per page, stopping at
// `pagination.last_page`, so `--all` over a long list streams instead of buffering.
import * as z from 'zod/mini';
import type { HttpClient } from './http.js';
import { listOf, type Pagination } from './schemas.js';

export interface Page<T> {
  items: T[];
  pagination: Pagination;
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

export async function* paginate<T>(http: HttpClient, path: string, item: z.ZodMiniType<T>, q: PageQuery = {}): AsyncGenerator<Page<T>> {
  const schema = listOf(item) as unknown as z.ZodMiniType<{ data: T[]; pagination: Pagination }>;
  let page = q.page ?? 1;
  for (;;) {
    const res = await http.get(path, {
      query: { ...q.query, page, per_page: q.perPage },
      schema,
      permission: q.permission,
      signal: q.signal,
    });
    yield { items: res.data.data, pagination: res.data.pagination };
    const { current_page: current, last_page: last } = res.data.pagination;
    // A server that does not advance would otherwise loop forever.
    if (!q.all || current >= last || res.data.data.length === 0) return;
    page = Math.max(page, current) + 1;
  }
}
