// `static-sites deployments <site>`: every deployment, newest first, the serving one marked.
import { resourceArg, defineCommand } from '../../cli/command.js';
import { pageOptions } from '../../cli/options.js';
import type { SiteDeployment } from '../../client/static-sites.js';
import { pageQuery, renderList } from '../../output/list.js';
import { SITES } from './family.js';
import { humanSize } from '../../output/size.js';
import { TIMESTAMP_FIT } from '../../output/fit.js';

export default defineCommand({
  path: ['static-sites', 'deployments'],
  description: 'list the deployments of a static site (the serving one is marked *); activate one to go back to it',
  args: [resourceArg('<id>', 'static site id, name or slug', SITES.kind)],
  options: pageOptions(),
  examples: ['infra static-sites deployments docs', "infra static-sites deployments docs --json | jq -r '.[] | select(.is_current) | .id'"],
  run: async (app, { args: [ref], opts }) => {
    const client = await app.client();
    const id = (await client.resources.resolve(SITES.kind, ref, { signal: app.ctx.signal })).id;
    await renderList<SiteDeployment>(
      app,
      client.staticSites.deployments(id, pageQuery(opts)),
      [
        { header: 'CURRENT', value: (d) => (d.is_current ? '*' : '') },
        { header: 'REVISION', value: (d) => (d.revision_number === undefined || d.revision_number === null ? '' : `r${d.revision_number}`) },
        { header: 'ID', value: (d) => d.id, fit: { priority: 1 } },
        { header: 'STATUS', value: (d) => d.status ?? '' },
        { header: 'FILES', value: (d) => (d.file_count === undefined || d.file_count === null ? '' : String(d.file_count)), fit: { priority: 3 } },
        { header: 'SIZE', value: (d) => humanSize(d.file_size_bytes), fit: { priority: 4 } },
        { header: 'TRIGGER', value: (d) => d.trigger_type ?? '', fit: { priority: 2 } },
        { header: 'DEPLOYED', value: (d) => d.deployed_at ?? '', fit: { ...TIMESTAMP_FIT, priority: 6 } },
        { header: 'CREATED', value: (d) => d.created_at ?? '', fit: { ...TIMESTAMP_FIT, priority: 5 } },
      ],
      { empty: `nothing was deployed to ${ref} yet`, paging: opts },
    );
  },
});
