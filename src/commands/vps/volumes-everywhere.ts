// `infra volumes list`: GET /volumes, every volume of the project with the VPS it belongs to.
import { defineCommand } from '../../cli/command.js';
import { pageOptions } from '../../cli/options.js';
import { ALL_VOLUMES } from '../../client/volumes.js';
import { pageQuery, renderList } from '../../output/list.js';
import type { Item } from '../resource/family.js';
import { attachedTo, VOLUME_COLUMNS } from './volumes-family.js';

export default defineCommand({
  path: ['volumes', 'list'],
  description: 'list every volume of the project, with the VPS each belongs to',
  options: pageOptions(),
  examples: ['infra volumes list', 'infra volumes list --json | jq -r \'.[] | "\\(.name) \\(.vps_instance_id)"\''],
  run: async (app, { opts }) => {
    const client = await app.client();
    await renderList<Item>(
      app,
      client.resources.pages(ALL_VOLUMES, pageQuery(opts)) as AsyncIterable<{
        items: Item[];
        raw: unknown[];
        pagination: { current_page: number; last_page: number; per_page: number; total: number };
      }>,
      [...VOLUME_COLUMNS, { header: 'VPS', value: attachedTo }],
      {
        empty: 'no volumes in this project',
        paging: opts,
      },
    );
  },
});
