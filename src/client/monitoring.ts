// Apps, uptime checks and alerts: their ResourceKinds for the generic calls, and
// what the generic calls do not cover: cursor-paged lists (resource alerts answer
// `pagination {per_page, next_cursor, prev_cursor, has_more}`, not page numbers), the
// PATCH toggles, and the reads and runs below a resource (results, history, test...).
import * as z from 'zod/mini';
import type { HttpClient } from './http.js';
import type { Page } from './paginate.js';
import { WalkGuard } from './walk-bounds.js';
import type { ResourceKind } from './resources.js';
import { Resource } from './resources.js';
import { lenient, lenientArray, optBool, optNum, optText } from './wire.js';

export const APP_KIND: ResourceKind = { path: '/apps', noun: 'app', ids: 'uuid', wrapper: 'instance', permission: 'app' };
export const UPTIME_KIND: ResourceKind = { path: '/uptime-checks', noun: 'uptime check', ids: 'uuid', wrapper: 'check', permission: 'uptime-check' };
export const METRIC_ALERT_KIND: ResourceKind = { path: '/metric-alerts', noun: 'metric alert', ids: 'uuid', wrapper: 'alert', permission: 'alert' };
/** Rules are named by `name` (may be null) or by the `title` the API composes. */
export const ALERT_RULE_KIND: ResourceKind = { path: '/resource-alerts/rules', noun: 'alert rule', ids: 'uuid', wrapper: 'data', permission: 'alert', aliases: ['title'] };
export const ALERT_INCIDENT_KIND: ResourceKind = { path: '/resource-alerts/incidents', noun: 'incident', ids: 'uuid', wrapper: 'data', permission: 'alert' };

/** `pagination` of the cursor-paged lists; every field optional (require only what is read). */
const CursorPagination = z.looseObject({ per_page: optNum, next_cursor: optText, has_more: optBool });
const CursorList = z.looseObject({ data: z.array(Resource), pagination: lenient(CursorPagination) });

export interface CursorQuery {
  /** Filters as the API names them (`state`, `severity`, `resource_id`...). */
  query?: Record<string, string | number | undefined>;
  perPage?: number;
  /** Start here (a cursor printed by an earlier page). */
  cursor?: string;
  /** At most this many items in all. */
  limit?: number;
  /** Follow next_cursor (true) or stop after the first page. */
  all?: boolean;
  signal?: AbortSignal;
}

/**
 * The pages of a cursor-paged list, as `renderList` takes them: `pagination` is given in page
 * words (one page, as far as anyone can tell) so the list's page hints stay quiet; the
 * cursor to go on from is kept in `next`.
 */
export async function* cursorPages(http: HttpClient, kind: ResourceKind, q: CursorQuery = {}): AsyncGenerator<Page<Resource & Record<string, unknown>> & { next?: string }> {
  let cursor = q.cursor;
  let count = 0;
  let page = 1;
  // Bounded by the client (walk-bounds.ts): a cursor seen before, or too many pages, ends the walk with an error.
  const guard = new WalkGuard(`GET /api/v1${kind.path}`);
  if (cursor) guard.seenCursor(cursor);
  for (;;) {
    // Under a limit, a page no larger than what is still wanted: the server's next cursor then
    // starts exactly after the last row shown (a cut page would lose the rows in between).
    const perPage = q.limit === undefined ? q.perPage : Math.min(q.perPage ?? q.limit - count, q.limit - count);
    const res = await http.get(kind.path, { query: { ...q.query, per_page: perPage, cursor }, schema: CursorList, permission: `${kind.permission}:read`, signal: q.signal });
    const sent = (res.raw as { data: unknown[] }).data;
    const keep = q.limit === undefined ? sent.length : Math.min(sent.length, q.limit - count);
    count += keep;
    const next = res.data.pagination?.has_more === false ? undefined : (res.data.pagination?.next_cursor ?? undefined);
    yield {
      items: res.data.data.slice(0, keep) as (Resource & Record<string, unknown>)[],
      raw: sent.slice(0, keep),
      pagination: { current_page: page, last_page: page, per_page: keep, total: count },
      next: keep < sent.length ? undefined : next,
    };
    if (!q.all || !next || keep === 0 || (q.limit !== undefined && count >= q.limit)) return;
    guard.cursorPage(sent.length);
    if (guard.seenCursor(next)) throw guard.circle(next);
    guard.next();
    cursor = next;
    page++;
  }
}

/** One result of a check run (`POST /uptime-checks/{id}/test`, and the items of `/results`). */
export const CheckResult = z.looseObject({ ok: optBool, status_code: optNum, response_time_ms: optNum, error: optText, checked_at: optText });
export type CheckResult = z.infer<typeof CheckResult>;
const TestAnswer = z.looseObject({ data: CheckResult, meta: lenient(z.looseObject({ recorded: optBool })) });

/** `{data: [...], meta}` of the reads below one resource (results, incidents, history). */
const Rows = z.looseObject({ data: lenientArray(z.looseObject({})) });

export class MonitoringApi {
  constructor(private readonly http: HttpClient) {}

  /** PATCH `<path>/{id}/<sub>` (toggle, enabled): the answer as sent, and the resource in it. */
  async patch(kind: ResourceKind, id: string, sub: string, body: Record<string, unknown> | undefined, signal?: AbortSignal): Promise<{ raw: Record<string, unknown>; message?: string }> {
    const res = await this.http.request('PATCH', `${kind.path}/${encodeURIComponent(id)}/${sub}`, { body, permission: `${kind.permission}:write`, signal, optionalBody: true });
    const raw = (res.raw && typeof res.raw === 'object' ? res.raw : {}) as Record<string, unknown>;
    return { raw, message: typeof raw.message === 'string' ? raw.message : undefined };
  }

  /** GET `<path>/{id}/<sub>` answering `{data: [...]}`: the rows as read, and the answer as sent. */
  async rows(
    kind: ResourceKind,
    id: string,
    sub: string,
    query: Record<string, string | number | undefined>,
    signal?: AbortSignal,
  ): Promise<{ rows: Record<string, unknown>[]; raw: Record<string, unknown> }> {
    const res = await this.http.get(`${kind.path}/${encodeURIComponent(id)}/${sub}`, { query, schema: Rows, permission: `${kind.permission}:read`, signal });
    return { rows: res.data.data as Record<string, unknown>[], raw: res.raw as Record<string, unknown> };
  }

  /** POST /uptime-checks/{id}/test: one check now. */
  async test(id: string, signal?: AbortSignal): Promise<{ result: CheckResult; recorded?: boolean; raw: unknown }> {
    const res = await this.http.request('POST', `${UPTIME_KIND.path}/${encodeURIComponent(id)}/test`, { schema: TestAnswer, permission: `${UPTIME_KIND.permission}:write`, signal });
    return { result: res.data.data, recorded: res.data.meta?.recorded ?? undefined, raw: res.raw };
  }
}
