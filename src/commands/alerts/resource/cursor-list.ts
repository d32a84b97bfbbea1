// The lists of resource alerts (rules, incidents): cursor paged. Every page by default,
// streamed as it comes; --limit caps the rows and, when more remain, says which --cursor
// goes on from there.
import { defineCommand, option, type CommandDef, type OptionSpec } from '../../../cli/command.js';
import { intOption, textOption, wideOption } from '../../../cli/options.js';
import { cursorPages } from '../../../client/monitoring.js';
import { renderList } from '../../../output/list.js';
import type { FamilySpec, Item } from '../../resource/family.js';

export interface CursorListSpec<O extends Record<string, OptionSpec<unknown>>> {
  description: string;
  filters: O;
  /** The filters as the API's query. */
  query(opts: { [K in keyof O]: O[K] extends OptionSpec<infer T> ? T : never }): Record<string, string | undefined>;
  examples: string[];
}

export function cursorListCommand<const O extends Record<string, OptionSpec<unknown>>>(spec: FamilySpec, list: CursorListSpec<O>): CommandDef {
  return defineCommand({
    path: [...spec.command.split(' '), 'list'],
    description: list.description,
    options: {
      ...wideOption(),
      ...list.filters,
      limit: option('--limit <n>', 'show at most this many', intOption('--limit')),
      perPage: option('--per-page <n>', "items per request (default: the API's)", intOption('--per-page', 1, 100)),
      cursor: option('--cursor <cursor>', 'start where an earlier --limit stopped (the cursor it printed)', textOption('--cursor')),
    },
    examples: list.examples,
    run: async (app, { opts }) => {
      const all = opts as Record<string, unknown>;
      const client = await app.client();
      let next: string | undefined;
      const pages = cursorPages(client.http, spec.kind, {
        query: list.query(opts as never),
        perPage: all.perPage as number | undefined,
        cursor: all.cursor as string | undefined,
        limit: all.limit as number | undefined,
        all: true,
        signal: app.ctx.signal,
      });
      async function* tracked() {
        for await (const p of pages) {
          next = p.next;
          yield p;
        }
      }
      await renderList<Item>(app, tracked(), spec.columns, { empty: `no ${spec.label}s match`, paging: { limit: all.limit as number | undefined } });
      if (next) app.hint(`more ${spec.label}s: go on with --cursor ${next}`);
    },
  });
}
