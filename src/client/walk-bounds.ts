// Every walk over pages (page numbers or cursors) is bounded by the client, whatever the
// server announces: a server that answers `last_page: 1e9`, repeats a page, or hands out
// cursors that go round in a circle would otherwise keep a command running (and, where
// items are kept, growing) until memory runs out. A walk stops at a page it has seen, or
// at MAX_PAGES / MAX_ITEMS, with an EndlessListError: what was printed before it is
// incomplete, and the exit code (1) says so. docs/security/limits.md explains the bounds.
import { ApiError } from './errors.js';

/** The most pages one walk reads: at 200 items a page, two million items. */
export const MAX_PAGES = 10_000;
/** The most items one walk reads, whatever the page size. */
export const MAX_ITEMS = 1_000_000;

/** A walk over pages stopped by a bound: what came before it is printed, but incomplete. */
export class EndlessListError extends ApiError {
  override name = 'EndlessListError';
  constructor(message: string, endpoint: string) {
    super(message, 200, endpoint);
  }
}

/** A cursor as it may appear in a message: opaque, so only its start. */
function shortCursor(cursor: string): string {
  return cursor.length > 40 ? `${cursor.slice(0, 37)}...` : cursor;
}

function pagesWord(n: number): string {
  return n === 1 ? '1 page' : `${n} pages`;
}

/**
 * One walk's bookkeeping: the pages (or cursors) seen and what was read. `page()` is called
 * with each answer before its items are used, `next()` before the next page is asked for;
 * each throws EndlessListError when the walk must stop.
 */
export class WalkGuard {
  private readonly seen = new Set<string | number>();
  pages = 0;
  items = 0;

  /** `maxItems`: Infinity where items are streamed and many are normal (log lines). */
  constructor(
    private readonly endpoint: string,
    private readonly maxItems = MAX_ITEMS,
  ) {}

  /** An answer numbered `current` (asked as `asked`) came with `count` items. */
  page(current: number, asked: number, count: number): void {
    if (this.seen.has(current))
      throw new EndlessListError(
        `${this.endpoint} answered page ${current} again when asked for page ${asked}: the list does not advance; stopped after ${pagesWord(this.pages)}, so the list is incomplete`,
        this.endpoint,
      );
    this.seen.add(current);
    this.pages++;
    this.items += count;
  }

  /** A cursor page came with `count` items. */
  cursorPage(count: number): void {
    this.pages++;
    this.items += count;
  }

  /** Whether `cursor` was asked for before in this walk (a circle). Remembers it. */
  seenCursor(cursor: string): boolean {
    if (this.seen.has(cursor)) return true;
    this.seen.add(cursor);
    return false;
  }

  /** The error for a cursor seen before. */
  circle(cursor: string): EndlessListError {
    return new EndlessListError(
      `${this.endpoint} sent the cursor "${shortCursor(cursor)}" again: its pages go round in a circle; stopped after ${pagesWord(this.pages)}, so the list is incomplete`,
      this.endpoint,
    );
  }

  /** Before asking for another page: throws once MAX_PAGES pages or MAX_ITEMS items were read. `announced` is the server's last_page, when known. */
  next(announced?: number): void {
    if (this.pages < MAX_PAGES && this.items < this.maxItems) return;
    const bound = this.pages >= MAX_PAGES ? `${MAX_PAGES} pages` : `${this.maxItems} items`;
    const claim = announced !== undefined ? ` (the API announces ${announced} pages)` : '';
    throw new EndlessListError(`stopped reading ${this.endpoint} after ${bound}, the most infra reads of one list${claim}; the list is incomplete`, this.endpoint);
  }
}
