// Rendering of paginated lists, shared by every `list` command: a streamed JSON array with
// --json, otherwise a table (TSV when piped) fed page by page.
import type { Page } from '../client/paginate.js';
import type { OutStream } from './stream.js';
import type { Column, TableWriter } from './table.js';

/** What a list is written to (the CLI's App is one). */
export interface ListTarget {
  readonly json: boolean;
  readonly ctx: { readonly stdout: OutStream };
  table<T>(columns: Column<T>[]): TableWriter<T>;
  info(message: string): void;
  hint(message: string): void;
}

export interface ListOptions {
  /** What to say on stderr when nothing came back. */
  empty: string;
  /** Whether every page was requested (`--all`); otherwise say when more pages exist. */
  all: boolean;
}

export async function renderList<T>(app: ListTarget, pages: AsyncIterable<Page<T>>, columns: Column<T>[], opts: ListOptions): Promise<void> {
  const out = app.ctx.stdout;
  let count = 0;
  let last: Page<T>['pagination'] | undefined;
  if (app.json) {
    out.write('[');
    for await (const page of pages) {
      // What the API sent, not the parsed view: --json passes additive fields through untouched.
      for (const item of page.raw) out.write(`${count++ === 0 ? '\n' : ',\n'}  ${JSON.stringify(item)}`);
      last = page.pagination;
    }
    out.write(count ? '\n]\n' : ']\n');
    return;
  }
  const table = app.table(columns);
  for await (const page of pages) {
    table.add(page.items);
    count += page.items.length;
    last = page.pagination;
  }
  await table.end();
  if (count === 0) app.info(opts.empty);
  if (!opts.all && last && last.current_page < last.last_page)
    app.hint(`page ${last.current_page} of ${last.last_page} (${last.total} in all): --page N for another, --all for every page`);
}

/** The values of pageOptions() (src/cli/options.ts) as a page query; Ctrl-C reaches requests through the client's own signal. */
export function pageQuery(opts: { page?: number; perPage?: number; all: boolean }) {
  return { page: opts.page, perPage: opts.perPage, all: opts.all };
}
