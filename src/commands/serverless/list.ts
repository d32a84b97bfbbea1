import type { Page } from '../../client/paginate.js';
import type { Container } from '../../client/schemas.js';
import { pageQuery, renderList } from '../../output/list.js';
import { shortIds, writeFitted, type FittedColumn } from '../../output/fitted.js';
import { listColumns, staleWarning } from './render-status.js';
import { defineCommand, flag } from '../../cli/command.js';
import { pageOptions } from '../../cli/options.js';

/** On a terminal: which columns may be cut (min) and which go first (drop, lowest first). */
const FIT: Record<string, { min?: number; drop?: number }> = {
  NAME: { min: 10 },
  HEALTH: { drop: 3 },
  OPERATION: { drop: 2 },
  TERMINAL: { drop: 1 },
  GENERATION: { drop: 4 },
  OBSERVED: { min: 8 },
};

export default defineCommand({
  path: ['serverless', 'list'],
  description: 'list containers with their status (summary, health, operation, generations)',
  options: { ...pageOptions(), wide: flag('--wide', 'on a terminal, every column and whole ids, however wide (piped output always has them)') },
  examples: ['infra serverless list', 'infra serverless list --wide', 'infra serverless list --json | jq -r \'.[] | select(.status_details.summary != "ready") | .name\''],
  help: 'On a terminal the table fits its width: ids are shortened to a unique prefix (8 characters or more, as git does), long names are cut between words, and where that is not enough TERMINAL, then OPERATION, HEALTH and GENERATION are left out (said on stderr). --wide shows everything; piped, every row is one tab-separated line with every field in full.',
  run: async (app, { opts }) => {
    const client = await app.client();
    const stale: string[] = [];
    async function* watched(): AsyncGenerator<Page<Container>> {
      for await (const page of client.serverless.pages(pageQuery(opts))) {
        for (const c of page.items) if (c.status_details?.stale) stale.push(c.name ?? c.id);
        yield page;
      }
    }
    const columns = listColumns(() => app.serverNow(), app.style);
    // One page or a limit keeps the streamed table and its paging hints.
    const everything = opts.page === undefined && opts.perPage === undefined && opts.limit === undefined;
    if (!app.json && app.ctx.stdout.isTTY && !opts.wide && everything) {
      // Every row first: the widths and the unique id prefixes depend on all of them.
      const items: Container[] = [];
      for await (const page of watched()) items.push(...page.items);
      if (items.length === 0) app.info('no serverless containers in this project');
      else {
        const short = shortIds(items.map((c) => c.id));
        const fitted: FittedColumn<Container>[] = columns.map((c) =>
          c.header === 'ID' ? { ...c, value: (x: Container) => short.get(x.id) ?? x.id } : { ...c, ...FIT[c.header] },
        );
        await writeFitted(app, fitted, items);
      }
    } else {
      await renderList<Container>(app, watched(), columns, { empty: 'no serverless containers in this project', paging: opts });
    }
    if (stale.length) app.warn(staleWarning(stale));
  },
});
