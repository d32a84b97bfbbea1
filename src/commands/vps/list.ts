import type { CommandRun } from '../../cli/app.js';
import { renderList, pageQuery } from '../../output/list.js';
import type { Vps } from '../../client/schemas.js';

export const run: CommandRun = async (app, { opts }) => {
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
    { empty: 'no VPS in this project', all: opts.all === true },
  );
};
