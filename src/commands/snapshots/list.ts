import type { RecoveryPoint } from '../../client/schemas.js';
import { pageQuery, renderList } from '../../output/list.js';
import { actionsText, humanSize, originLabel, productArg, resourceLabel, sizeBytes, stateOf } from './format.js';
import { arg, defineCommand } from '../../cli/command.js';
import { pageOptions } from '../../cli/options.js';

export default defineCommand({
  path: ['snapshots', 'list'],
  description: 'list recovery points (product: vps, cache or database): origin, state, size, protection label, actions',
  args: [arg('<product>', '')],
  options: pageOptions(),
  examples: ['infra snapshots list database', 'infra snapshots list vps --limit 5', 'infra snapshots list cache --json | jq -r \'.[] | select(.state == "available") | .id\''],
  run: async (app, { args, opts }) => {
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
      { empty: `no ${product} recovery points in this project`, paging: opts },
    );
  },
});
