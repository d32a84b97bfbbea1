// Rendering of paginated lists, shared by every `list` command: a streamed JSON array with
// --json, otherwise a table (TSV when piped) fed page by page.
import type { Page } from '../client/paginate.js';
import type { OutStream } from './stream.js';
import type { Column, TableOptions, TableWriter } from './table.js';
import { rawStream } from './terminal-guard.js';

/** What a list is written to (the CLI's App is one). */
export interface ListTarget {
  readonly json: boolean;
  readonly ctx: { readonly stdout: OutStream };
  table<T>(columns: Column<T>[], extra?: Pick<TableOptions, 'footer'>): TableWriter<T>;
  info(message: string): void;
  hint(message: string): void;
  /** --query, when given: the list's JSON is then the expression applied to the whole array. */
  readonly query?: unknown;
  /** Writes one JSON document, shaped by --query (the App's printJson). */
  printJson?(value: unknown): void;
}

/** Bytes per write of a long list: few system calls, strings V8 still allocates cheaply. */
export const WRITE_CHUNK = 32 * 1024;
const FIRST = Buffer.from('\n  ');
const NEXT = Buffer.from(',\n  ');

/**
 * The --json output of a list, gathered in a buffer and written in pieces of WRITE_CHUNK
 * bytes: one write (and one string) per item would cost 100,000 system calls and as many
 * strings for a long list.
 */
class JsonChunk {
  // A fresh buffer per piece: the stream may still hold the last one it was given.
  private buf = Buffer.allocUnsafe(WRITE_CHUNK);
  private used = 0;
  constructor(private readonly out: OutStream) {}

  get full(): boolean {
    return this.used >= WRITE_CHUNK - 64;
  }

  separator(sep: Buffer): void {
    if (this.used + sep.length > WRITE_CHUNK) this.write();
    this.used += sep.copy(this.buf, this.used);
  }

  bytes(from: Buffer, start: number, end: number): void {
    if (this.used + end - start > WRITE_CHUNK) {
      this.write();
      // Larger than a piece: out on its own.
      // A copy: `from` is the body buffer, lent again for the next page.
      if (end - start > WRITE_CHUNK) return void this.out.write(Buffer.from(from.subarray(start, end)));
    }
    this.used += from.copy(this.buf, this.used, start, end);
  }

  text(s: string): void {
    const size = Buffer.byteLength(s);
    if (this.used + size > WRITE_CHUNK) {
      this.write();
      if (size > WRITE_CHUNK) return void this.out.write(s);
    }
    this.used += this.buf.write(s, this.used);
  }

  /** Writes what is gathered, then waits for a slow reader. */
  flush(): Promise<void> | undefined {
    this.write();
    return drained(this.out);
  }

  private write(): void {
    if (this.used === 0) return;
    // Bytes as they are: decoding them to a string only for the stream to encode them again
    // cost as much as the whole parse of a long list.
    this.out.write(this.buf.subarray(0, this.used));
    this.buf = Buffer.allocUnsafe(WRITE_CHUNK);
    this.used = 0;
  }
}

export interface ListOptions {
  /** What to say on stderr when nothing came back. */
  empty: string;
  /** The paging flags the pages were asked with: one page chosen, or a limit, is said when more exist. */
  paging: PagingFlags;
  /** Lines under the table on a terminal (src/output/table.ts). */
  footer?: TableOptions['footer'];
}

export async function renderList<T>(app: ListTarget, pages: AsyncIterable<Page<T>>, columns: Column<T>[], opts: ListOptions): Promise<void> {
  // --json is exact data: past the terminal guard; a table goes through it.
  const out = app.json ? rawStream(app.ctx.stdout) : app.ctx.stdout;
  let count = 0;
  let last: Page<T>['pagination'] | undefined;
  if (app.json && app.query !== undefined && app.printJson) {
    // --query sees the whole array (so length(@) and filters mean the list), gathered in
    // memory: as bounded as the walk itself (src/client/walk-bounds.ts) and by --limit.
    const all: unknown[] = [];
    for await (const page of pages) for (const item of page.raw) all.push(item);
    app.printJson(all);
    return;
  }
  if (app.json) {
    // '[' goes out with the first page: a list whose first request fails prints nothing.
    const chunk = new JsonChunk(out);
    chunk.text('[');
    for await (const page of pages) {
      // What the API sent, not the parsed view: --json passes additive fields through untouched
      // (each item's bytes as received when the client kept them: no second serialisation).
      const sent = page.sent;
      const raw = page.raw;
      for (let i = 0; i < raw.length; i++) {
        chunk.separator(count++ === 0 ? FIRST : NEXT);
        const start = sent ? sent.spans[2 * i]! : -1;
        if (start >= 0) chunk.bytes(sent!.bytes, start, sent!.spans[2 * i + 1]!);
        else chunk.text(JSON.stringify(raw[i]));
        if (chunk.full) await chunk.flush();
      }
      // Page by page: what came is out before the next page is asked for.
      await chunk.flush();
      last = page.pagination;
    }
    chunk.text(count ? '\n]\n' : ']\n');
    await chunk.flush();
    return;
  }
  const table = app.table(columns, { footer: opts.footer });
  for await (const page of pages) {
    const items = page.items;
    for (let i = 0; i < items.length; i += ROWS_PER_WRITE) {
      table.add(items.length <= ROWS_PER_WRITE ? items : items.slice(i, i + ROWS_PER_WRITE));
      await drained(out);
    }
    count += items.length;
    last = page.pagination;
  }
  await table.end();
  if (count === 0) app.info(opts.empty);
  const query = pageQuery(opts.paging);
  if (!query.all && last && last.current_page < last.last_page)
    app.hint(`page ${last.current_page} of ${last.last_page} (${last.total} in all): --page N for another; without --page and --per-page every page is listed`);
  else if (query.limit !== undefined && count >= query.limit && last && (last.current_page < last.last_page || last.total > count))
    app.hint(`the first ${count} of ${last.total} (--limit ${query.limit})`);
}

/** Rows handed to the table at a time, so that a slow reader is waited for within a long page. */
const ROWS_PER_WRITE = 500;

/**
 * Resolves once a stream that asked for it has drained (a pipe to a slower reader): what
 * was written is otherwise queued in memory without bound, and V8 copies it around while
 * it waits. Immediate for anything that is not such a stream (files, captures in tests).
 */
function drained(out: OutStream): Promise<void> | undefined {
  const s = out as OutStream & { writableNeedDrain?: boolean; once?: (event: string, listener: () => void) => unknown; off?: (event: string, listener: () => void) => unknown };
  if (!s.writableNeedDrain || typeof s.once !== 'function') return undefined;
  return new Promise((resolve) => {
    const done = () => {
      for (const e of ['drain', 'close', 'error']) s.off?.(e, done);
      resolve();
    };
    for (const e of ['drain', 'close', 'error']) s.once!(e, done);
  });
}

/** The values of pageOptions() (src/cli/options.ts). */
export interface PagingFlags {
  page?: number;
  perPage?: number;
  all?: boolean;
  limit?: number;
}

/**
 * The paging flags as a page query: every page unless --page or --per-page picks one (with
 * --all too: every page from there on, as --all always did); --limit caps the items.
 * Ctrl-C reaches requests through the client's own signal.
 */
export function pageQuery(opts: PagingFlags) {
  const onePage = opts.page !== undefined || opts.perPage !== undefined;
  return { page: opts.page, perPage: opts.perPage, all: !onePage || !!opts.all, limit: opts.limit };
}
