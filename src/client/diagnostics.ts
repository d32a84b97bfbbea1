// Diagnostics of serverless containers: revisions, events, logs and diagnose (spec 2.4, 4.1).
// Every diagnostic endpoint answers in the envelope of spec 2.1; these methods return the
// envelope's `data` plus its `meta`, so --json can print what the API sent.
import * as z from 'zod/mini';
import type { HttpClient, RequestOptions } from './http.js';
import { DiagnoseData, EventsData, LogsMeta, RevisionsData, envelopeOf } from './schemas.js';
import type { LogEntry, LogsAnswer as LogsAnswerT } from './schemas.js';

/** Query of GET .../logs (spec 4.1); times are ISO 8601 UTC strings. */
export interface LogsQuery {
  since: string;
  until?: string;
  cursor?: string;
  limit?: number;
  level?: string;
  container?: string;
}

type Opts = Pick<RequestOptions<unknown>, 'signal'>;

const RevisionsEnvelope = envelopeOf(RevisionsData);
const EventsEnvelope = envelopeOf(EventsData);
const DiagnoseEnvelope = envelopeOf(DiagnoseData);

// Logs are the one high-volume read (200,000 entries and more): entries are checked in
// place for the fields the client reads (schemas.LogEntry) instead of being copied by a
// full object parse, which halves the garbage per page and keeps peak memory flat.
const optionalText = (v: unknown) => v === undefined || v === null || typeof v === 'string';
const isLogEntry = (v: unknown): v is LogEntry => {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  return typeof e.timestamp === 'string' && typeof e.message === 'string' && optionalText(e.container) && optionalText(e.level) && optionalText(e.revision);
};
const LogsPage = z.looseObject({
  success: z.optional(z.boolean()),
  data: z.looseObject({
    available: z.boolean(),
    entries: z.array(z.custom<LogEntry>(isLogEntry, { message: 'a log entry needs a string timestamp and message' })),
  }),
  error: z.optional(z.nullable(z.unknown())),
  meta: LogsMeta,
});

/** Logs and platform events need this ability beyond serverless:read (spec 5.1). */
export const DIAGNOSTICS_PERMISSION = 'serverless:diagnostics';

export class DiagnosticsApi {
  constructor(private readonly http: HttpClient) {}

  async revisions(id: string, opts: Opts = {}) {
    const res = await this.http.get(path(id, 'revisions'), { schema: RevisionsEnvelope, permission: 'serverless:read', ...opts });
    return res.data;
  }

  async events(id: string, opts: Opts = {}) {
    const res = await this.http.get(path(id, 'events'), { schema: EventsEnvelope, permission: DIAGNOSTICS_PERMISSION, ...opts });
    return res.data;
  }

  /**
   * One page of logs. A 503 (`available: false`: the log store did not answer) is retried
   * by the HTTP client like any GET and surfaces as an UnavailableError once retries are used up.
   */
  async logsPage(id: string, query: LogsQuery, opts: Opts = {}): Promise<LogsAnswerT> {
    const res = await this.http.get(path(id, 'logs'), { query: { ...query }, schema: LogsPage, permission: DIAGNOSTICS_PERMISSION, ...opts });
    return res.data;
  }

  /** Follows `meta.next_cursor` page by page; the caller handles each page before the next is fetched. */
  async *logPages(id: string, query: LogsQuery, opts: Opts = {}): AsyncGenerator<LogsAnswerT> {
    let cursor = query.cursor;
    for (;;) {
      const page = await this.logsPage(id, { ...query, cursor }, opts);
      yield page;
      const next = page.meta.next_cursor;
      if (!next || next === cursor) return;
      cursor = next;
    }
  }

  async diagnose(id: string, opts: Opts = {}) {
    const res = await this.http.get(path(id, 'diagnose'), { schema: DiagnoseEnvelope, permission: 'serverless:read', ...opts });
    return res.data;
  }
}

function path(id: string, what: string): string {
  return `/serverless/${encodeURIComponent(id)}/${what}`;
}
