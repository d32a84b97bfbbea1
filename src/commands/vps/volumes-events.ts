// `infra vps volumes events <vps> <volume>`: GET /vps/{vps}/volumes/{volume}/events, shown as
// every product's events are.
import { defineCommand, resourceArg } from '../../cli/command.js';
import { wideOption } from '../../cli/options.js';
import { VPS_VOLUMES } from '../../client/families.js';
import { showEvents } from '../resource/events.js';
import { VPS } from './family.js';
import { VOLUME_EXAMPLE, VPS_ARG, vpsVolumes } from './volumes-family.js';

export default defineCommand({
  path: ['vps', 'volumes', 'events'],
  description: 'platform events of a volume (ephemeral: their absence proves nothing)',
  args: [resourceArg('<vps>', VPS_ARG, VPS.kind), resourceArg('<volume>', 'volume id or name', VPS_VOLUMES)],
  options: wideOption(),
  examples: [`infra vps volumes events ${VOLUME_EXAMPLE.vps} ${VOLUME_EXAMPLE.name}`, `infra vps volumes events ${VOLUME_EXAMPLE.vps} ${VOLUME_EXAMPLE.name} --json`],
  run: async (app, { args: [vpsRef, ref] }) => {
    const { client, spec } = await vpsVolumes(app, vpsRef);
    const id = (await client.resources.resolve(spec.kind, ref, { signal: app.ctx.signal })).id;
    await showEvents(app, client, spec, `${spec.kind.path}/${encodeURIComponent(id)}`);
  },
});
