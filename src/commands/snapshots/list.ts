import type { CommandRun } from '../../cli/app.js';
import type { RecoveryPoint } from '../../client/schemas.js';
import { pageQuery, renderList } from '../../output/list.js';
import { actionsText, humanSize, originLabel, productArg, resourceLabel, sizeBytes, stateOf } from './format.js';

export const run: CommandRun = async (app, { args, opts }) => {
  const product = productArg(args[0]);
  const client = await app.client();
  await renderList<RecoveryPoint>(
    app,
    client.recovery.points(product, pageQuery(opts)),
    [
      { header: 'ID', value: (p) => p.id },
      { header: 'NAME', value: (p) => p.name ?? '' },
      { header: 'RESOURCE', value: (p) => resourceLabel(p, product) },
      { header: 'ORIGIN', value: (p) => originLabel(p.origin) },
      { header: 'STATE', value: stateOf },
      { header: 'SIZE', value: (p) => humanSize(sizeBytes(p)) },
      { header: 'PROTECTION', value: (p) => p.protection ?? '' },
      { header: 'CREATED', value: (p) => p.created_at ?? '' },
      { header: 'ACTIONS', value: (p) => actionsText(p.actions) },
    ],
    { empty: `no ${product} recovery points in this project`, all: opts.all === true },
  );
};
