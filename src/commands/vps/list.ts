import type { CommandRun } from '../../cli/app.js';
import { renderList, pageQuery } from '../../output/list.js';
import type { Vps } from '../../client/schemas.js';

export const run: CommandRun = async (app, { opts }) => {
  const client = await app.client();
  await renderList<Vps>(
    app,
    client.vps.pages(pageQuery(opts)),
    [
      { header: 'ID', value: (v) => String(v.id) },
      { header: 'NAME', value: (v) => v.name },
      { header: 'STATUS', value: (v) => v.status ?? '' },
      { header: 'REGION', value: (v) => v.region ?? '' },
      { header: 'PLAN', value: (v) => v.plan ?? '' },
      { header: 'IPV4', value: (v) => v.ipv4 ?? '' },
    ],
    { empty: 'no VPS in this project', all: opts.all === true },
  );
};
