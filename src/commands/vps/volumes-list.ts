// `infra vps volumes list <vps>`: GET /vps/{vps}/volumes, every page.
import { resourceArg, defineCommand } from '../../cli/command.js';
import { VPS } from './family.js';
import { pageOptions } from '../../cli/options.js';
import { pageQuery, renderList } from '../../output/list.js';
import type { Item } from '../resource/family.js';
import { VOLUME_COLUMNS, VOLUME_EXAMPLE, VPS_ARG, vpsVolumes } from './volumes-family.js';

export default defineCommand({
  path: ['vps', 'volumes', 'list'],
  description: 'list the volumes of a VPS: size and status',
  args: [resourceArg('<vps>', VPS_ARG, VPS.kind)],
  options: pageOptions(),
  examples: [`infra vps volumes list ${VOLUME_EXAMPLE.vps}`, `infra vps volumes list ${VOLUME_EXAMPLE.vps} --json | jq -r '.[].name'`],
  run: async (app, { args: [vpsRef], opts }) => {
    const { client, spec } = await vpsVolumes(app, vpsRef);
    await renderList<Item>(
      app,
      client.resources.pages(spec.kind, pageQuery(opts)) as AsyncIterable<{ items: Item[]; raw: unknown[]; pagination: { current_page: number; last_page: number; per_page: number; total: number } }>,
      VOLUME_COLUMNS,
      {
        empty: `no volumes on ${vpsRef}`,
        paging: opts,
      },
    );
  },
});
