import { renderList, pageQuery } from '../../output/list.js';
import type { Vps } from '../../client/schemas.js';
import { defineCommand } from '../../cli/command.js';
import { pageOptions } from '../../cli/options.js';

export default defineCommand({
  path: ['vps', 'list'],
  description: 'list VPS instances',
  options: pageOptions(),
  examples: ['infra vps list', 'infra vps list --all --json | jq -r ".[].name"', 'infra vps list --all | cut -f2'],
  run: async (app, { opts }) => {
    const client = await app.client();
    await renderList<Vps>(
      app,
      client.vps.pages(pageQuery(opts)),
      [
        { header: 'ID', value: (v) => v.id },
        { header: 'NAME', value: (v) => v.name ?? '' },
        { header: 'STATUS', value: (v) => v.status_details?.summary ?? v.status ?? '' },
        { header: 'DATACENTER', value: (v) => v.datacenter ?? '' },
        { header: 'PROFILE', value: (v) => v.resource_profile ?? '' },
        { header: 'PUBLIC IP', value: (v) => v.public_ip ?? '' },
      ],
      { empty: 'no VPS in this project', all: opts.all },
    );
  },
});
