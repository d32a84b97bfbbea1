// `infra vps volumes get <vps> <volume>`: GET /vps/{vps}/volumes/{volume}.
import { resourceArg, defineCommand } from '../../cli/command.js';
import { VPS } from './family.js';
import { VPS_VOLUMES } from '../../client/families.js';
import { resourceLines } from '../resource/get.js';
import { VOLUME_EXAMPLE, VPS_ARG, vpsVolumes } from './volumes-family.js';

export default defineCommand({
  path: ['vps', 'volumes', 'get'],
  description: 'show one volume of a VPS: status, size, what it allows',
  args: [resourceArg('<vps>', VPS_ARG, VPS.kind), resourceArg('<volume>', 'volume id or name', VPS_VOLUMES)],
  examples: [`infra vps volumes get ${VOLUME_EXAMPLE.vps} ${VOLUME_EXAMPLE.name}`, `infra vps volumes get ${VOLUME_EXAMPLE.vps} ${VOLUME_EXAMPLE.id} --json`],
  run: async (app, { args: [vpsRef, ref] }) => {
    const { client, spec } = await vpsVolumes(app, vpsRef);
    const id = (await client.resources.resolve(spec.kind, ref, { signal: app.ctx.signal })).id;
    const read = await client.resources.get(spec.kind, id, { signal: app.ctx.signal });
    if (app.json) return app.printJson(read.raw);
    app.keyValue(resourceLines(spec, read, app.ctx.clock.now()));
  },
});
