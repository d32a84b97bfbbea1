// Diagnostics of a resource: revisions (containers), events, logs and diagnose (spec 2.4,
// 4.1). Every product that has them answers at `<resource path>/{events,logs,diagnose}` in
// the same envelope `{success, data, error, meta}`; these methods return the envelope's
// data and meta as parsed, and the payload as sent (for --json).
import * as z from 'zod/mini';
import type { HttpClient, RequestOptions } from './http.js';
import { DiagnoseData, EventsData, LogsMeta, RevisionsData, envelopeOf } from './schemas.js';
import type { DiagnoseData as DiagnoseDataT, EventsData as EventsDataT, LogEntry, LogsMeta as LogsMetaT, RevisionsData as RevisionsDataT } from './schemas.js';
import { lenient } from './wire.js';

/** Query of GET .../logs (spec 4.1); times are ISO 8601 UTC strings. */
export interface LogsQuery {
  since: string;
  until?: string;
  cursor?: string;
  limit?: number;
  level?: string;
  container?: string;
}

export interface LogsPage {
  available: boolean;
  entries: LogEntry[];
  meta: LogsMetaT;
}

export interface Enveloped<T> {
  data: T;
  meta: Record<string, unknown>;
  raw: unknown;
}

type Opts = Pick<RequestOptions<unknown>, 'signal'> & { permission?: string };

const RevisionsEnvelope = envelopeOf(RevisionsData);
const EventsEnvelope = envelopeOf(EventsData);
const DiagnoseEnvelope = envelopeOf(DiagnoseData);

// Logs are the one high-volume read (200,000 entries and more): entries are checked in
// place for the fields the client reads instead of being copied by a full object parse,
// which halves the garbage per page and keeps peak memory flat. Only an entry whose optional
// text field came in another type is copied (without that field), as the lenient readers do.
const OPTIONAL_TEXT = ['level', 'pod', 'container', 'stream'] as const;
const isText = (v: unknown) => v === undefined || v === null || typeof v === 'string';
const isLogEntry = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && typeof (v as Record<string, unknown>).timestamp === 'string' && typeof (v as Record<string, unknown>).message === 'string';
function readEntries(entries: unknown[]): LogEntry[] {
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i] as Record<string, unknown>;
    if (OPTIONAL_TEXT.every((k) => isText(e[k]))) continue;
    const copy = { ...e };
    for (const k of OPTIONAL_TEXT) if (!isText(copy[k])) delete copy[k];
    entries[i] = copy;
  }
  return entries as LogEntry[];
}
const LogsEnvelope = z.looseObject({
  success: z.optional(z.unknown()),
  data: z.looseObject({
    available: z.boolean(),
    entries: z.array(z.custom<Record<string, unknown>>(isLogEntry, { message: 'a log entry needs a string timestamp and message' })),
  }),
  error: z.optional(z.unknown()),
  meta: lenient(LogsMeta),
});

/** Logs and platform events of containers need this ability beyond serverless:read (spec 5.1). */
export const DIAGNOSTICS_PERMISSION = 'serverless:diagnostics';

export class DiagnosticsApi {
  constructor(private readonly http: HttpClient) {}

  async revisions(resourcePath: string, opts: Opts = {}): Promise<Enveloped<RevisionsDataT>> {
    const res = await this.http.get(`${resourcePath}/revisions`, { schema: RevisionsEnvelope, ...opts });
    return { data: res.data.data, meta: res.data.meta ?? {}, raw: res.raw };
  }

  async events(resourcePath: string, opts: Opts = {}): Promise<Enveloped<EventsDataT>> {
    const res = await this.http.get(`${resourcePath}/events`, { schema: EventsEnvelope, ...opts });
    return { data: res.data.data, meta: res.data.meta ?? {}, raw: res.raw };
  }

  /**
   * One page of logs. A 503 (`available: false`: the log store did not answer) is retried
   * by the HTTP client like any GET and surfaces as an UnavailableError once retries are used up.
   */
  async logsPage(resourcePath: string, query: LogsQuery, opts: Opts = {}): Promise<LogsPage> {
    const res = await this.http.get(`${resourcePath}/logs`, { query: { ...query }, schema: LogsEnvelope, ...opts });
    return { available: res.data.data.available, entries: readEntries(res.data.data.entries), meta: res.data.meta ?? {} };
  }

  /** Follows `meta.next_cursor` page by page; the caller handles each page before the next is fetched. */
  async *logPages(resourcePath: string, query: LogsQuery, opts: Opts = {}): AsyncGenerator<LogsPage> {
    let cursor = query.cursor;
    for (;;) {
      const page = await this.logsPage(resourcePath, { ...query, cursor }, opts);
      yield page;
      const next = page.meta.next_cursor;
      if (!next || next === cursor) return;
      cursor = next;
    }
  }

  async diagnose(resourcePath: string, opts: Opts = {}): Promise<Enveloped<DiagnoseDataT>> {
    const res = await this.http.get(`${resourcePath}/diagnose`, { schema: DiagnoseEnvelope, ...opts });
    return { data: res.data.data, meta: res.data.meta ?? {}, raw: res.raw };
  }
}

/** `/serverless/{id}`: the resource path of a container for the diagnostic routes. */
export function containerPath(id: string): string {
  return `/serverless/${encodeURIComponent(id)}`;
}
