import type { Page } from '../../client/paginate.js';
import type { Container } from '../../client/schemas.js';
import { pageQuery, renderList } from '../../output/list.js';
import { listColumns, staleWarning } from './render-status.js';
import { defineCommand } from '../../cli/command.js';
import { pageOptions } from '../../cli/options.js';

export default defineCommand({
  path: ['serverless', 'list'],
  description: 'list containers with their status (summary, health, operation, generations)',
  options: pageOptions(),
  examples: ['infra serverless list', 'infra serverless list --wide', 'infra serverless list --json | jq -r \'.[] | select(.status_details.summary != "ready") | .name\''],
  help: 'On a terminal the table fits its width: ids are shortened to a unique prefix (8 characters or more, as git does; every command accepts it back), long names are cut between words, and where that is not enough TERMINAL, then OPERATION, HEALTH and GENERATION are left out (said on stderr). --wide shows everything; piped, every row is one tab-separated line with every field in full.',
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
    await renderList<Container>(app, watched(), columns, { empty: 'no serverless containers in this project', paging: opts });
    if (stale.length) app.warn(staleWarning(stale));
  },
});
