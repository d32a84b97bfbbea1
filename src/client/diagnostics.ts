// Diagnostics of a resource: revisions (containers), events, logs and diagnose (docs/behaviour.md#api-observability,
// 4.1). Every product that has them answers at `<resource path>/{events,logs,diagnose}` in
// the same envelope `{success, data, error, meta}`; these methods return the envelope's
// data and meta as parsed, and the payload as sent (for --json).
import * as z from 'zod/mini';
import { isUtf8 } from 'node:buffer';
import { BodyBuffer, type HttpClient, type Reader, type RequestOptions } from './http.js';
import { arrayAt } from './raw-items.js';
import { WalkGuard } from './walk-bounds.js';
import { DiagnoseData, EventsData, LogsMeta, RevisionsData, envelopeOf } from './schemas.js';
import type { DiagnoseData as DiagnoseDataT, EventsData as EventsDataT, LogEntry, LogsMeta as LogsMetaT, RevisionsData as RevisionsDataT } from './schemas.js';
import { lenient } from './wire.js';

/** Query of GET .../logs (docs/behaviour.md#api-logs); times are ISO 8601 UTC strings. */
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

// Built on first use, as the schemas of schemas.ts are.
const RevisionsEnvelope = z.lazy(() => envelopeOf(RevisionsData));
const EventsEnvelope = z.lazy(() => envelopeOf(EventsData));
const DiagnoseEnvelope = z.lazy(() => envelopeOf(DiagnoseData));

// Logs are the one high-volume read (200,000 entries and more). Entries are checked in place
// for the fields the client reads instead of being copied by a full object parse; only an
// entry whose optional text field came in another type is copied (without that field), as
// the lenient readers do.
const OPTIONAL_TEXT = ['level', 'pod', 'container', 'stream'] as const;
const isText = (v: unknown) => v === undefined || v === null || typeof v === 'string';
const isLogEntry = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && typeof (v as Record<string, unknown>).timestamp === 'string' && typeof (v as Record<string, unknown>).message === 'string';
function readEntries(entries: unknown[]): LogEntry[] {
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i] as Record<string, unknown>;
    // A plain loop: a closure per entry would be 200,000 allocations for a long read.
    let odd = false;
    for (const k of OPTIONAL_TEXT) if (!isText(e[k])) odd = true;
    if (!odd) continue;
    const copy = { ...e };
    for (const k of OPTIONAL_TEXT) if (!isText(copy[k])) delete copy[k];
    entries[i] = copy;
  }
  return entries as LogEntry[];
}
const LogsEnvelope = z.lazy(() =>
  z.looseObject({
    success: z.optional(z.unknown()),
    data: z.looseObject({
      available: z.boolean(),
      entries: z.array(z.custom<Record<string, unknown>>(isLogEntry, { message: 'a log entry needs a string timestamp and message' })),
    }),
    error: z.optional(z.unknown()),
    meta: lenient(LogsMeta),
  }),
);

let scratch = Buffer.allocUnsafe(0);

/** `[` + bytes[start, end) + `]` as text. */
function bracketed(bytes: Buffer, start: number, end: number): string {
  const size = end - start + 2;
  if (scratch.length < size) scratch = Buffer.allocUnsafe(Math.max(size, 2 * scratch.length, 64 * 1024));
  scratch[0] = 0x5b;
  bytes.copy(scratch, 1, start, end);
  scratch[size - 1] = 0x5d;
  return scratch.toString('utf8', 0, size);
}

/** A logs answer as read: the envelope, and its entries by ranges, parsed when asked for. */
interface LogsRead {
  available: boolean;
  meta: LogsMetaT;
  count: number;
  entries(from: number, to: number): LogEntry[];
}

/**
 * Entries are parsed in parts of this many when a page is read part by part: what is alive
 * at any moment is one part, not a page of a thousand entries. V8 grows its young generation
 * (and the process's memory) by what survives its collections, and a whole page in flight
 * survives every one of them.
 */
export const LOG_PART = 20;

/**
 * Reads a logs answer. From its bytes: the envelope without its entries at once (small),
 * then the entries part by part as they are asked for, each part parsed on its own. An
 * answer that is not laid out as expected, and any part that does not read, go through the
 * full parse of the whole answer, so errors are those of LogsEnvelope.
 */
const LogsReader: Reader<LogsRead> = {
  safeParse(json) {
    const parsed = LogsEnvelope.safeParse(json);
    if (!parsed.success) return parsed;
    const entries = readEntries(parsed.data.data.entries);
    return {
      success: true,
      data: { available: parsed.data.data.available, meta: parsed.data.meta ?? {}, count: entries.length, entries: (from, to) => entries.slice(from, to) },
    };
  },
  readBytes(bytes, { fail }) {
    if (!isUtf8(bytes)) return undefined;
    const found = arrayAt(bytes, ['data', 'entries']);
    if (!found) return undefined;
    let envelope: unknown;
    try {
      envelope = JSON.parse(bytes.toString('utf8', 0, found.start) + '[]' + bytes.toString('utf8', found.end));
    } catch {
      return undefined;
    }
    const parsed = LogsEnvelope.safeParse(envelope);
    if (!parsed.success) return undefined;
    const spans = found.spans;
    const at = (k: number) => (spans[k]! < 0 ? ~spans[k]! : spans[k]!);
    return {
      data: {
        available: parsed.data.data.available,
        meta: parsed.data.meta ?? {},
        count: spans.length / 2,
        entries(from, to) {
          if (from >= to) return [];
          // The entries and the commas between them, in brackets: an array of its own, decoded
          // from a reused buffer (one string per part, not three).
          let part: unknown;
          try {
            part = JSON.parse(bracketed(bytes, at(2 * from), spans[2 * to - 1]!));
          } catch {
            return fail();
          }
          const list = part as unknown[];
          if (list.length !== to - from || !list.every(isLogEntry)) return fail();
          return readEntries(list);
        },
      },
    };
  },
};

/** Logs and platform events of containers need this ability beyond serverless:read (docs/behaviour.md#api-auth). */
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
    const read = await this.readLogs(resourcePath, query, opts);
    return { available: read.available, entries: read.entries(0, read.count), meta: read.meta };
  }

  /**
   * Follows `meta.next_cursor` page by page; the caller handles what is yielded before the
   * next is read. A page comes in parts of up to LOG_PART entries (its `meta` on each), read
   * from the answer one after the other, so memory stays flat whatever the page size; a page
   * without entries comes as one empty part.
   */
  async *logPages(resourcePath: string, query: LogsQuery, opts: Opts & { onCircle?: (cursor: string) => void } = {}): AsyncGenerator<LogsPage> {
    const { onCircle, ...requestOpts } = opts;
    let cursor = query.cursor;
    // Every page is read into the same memory: it is done with before the next is asked for.
    const bodyBuffer = new BodyBuffer();
    // A cursor seen before would print its page again, and again (A→B→A...): the walk ends
    // there instead (onCircle says so); an endless run of new cursors ends at MAX_PAGES.
    // Log lines are streamed and many are normal: no bound on their number.
    const guard = new WalkGuard(`GET /api/v1${resourcePath}/logs`, Number.POSITIVE_INFINITY);
    if (cursor) guard.seenCursor(cursor);
    for (;;) {
      const read = await this.readLogs(resourcePath, { ...query, cursor }, { ...requestOpts, bodyBuffer });
      const { available, meta, count } = read;
      if (count === 0) yield { available, entries: [], meta };
      for (let from = 0; from < count; from += LOG_PART) yield { available, entries: read.entries(from, Math.min(count, from + LOG_PART)), meta };
      guard.cursorPage(count);
      const next = meta.next_cursor;
      if (!next) return;
      if (guard.seenCursor(next)) return void onCircle?.(next);
      guard.next();
      cursor = next;
    }
  }

  private async readLogs(resourcePath: string, query: LogsQuery, opts: Opts & { bodyBuffer?: BodyBuffer }): Promise<LogsRead> {
    return (await this.http.get(`${resourcePath}/logs`, { query: { ...query }, schema: LogsReader, ...opts })).data;
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
