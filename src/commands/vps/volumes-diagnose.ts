// `infra vps volumes diagnose <vps> <volume>`: GET /vps/{vps}/volumes/{volume}/diagnose, in the
// words of every product's diagnose (docs/behaviour.md#diagnose).
import { defineCommand, flag, resourceArg } from '../../cli/command.js';
import { VPS_VOLUMES } from '../../client/families.js';
import { showDiagnosis } from '../resource/diagnose.js';
import { VPS } from './family.js';
import { VOLUME_EXAMPLE, VPS_ARG, vpsVolumes } from './volumes-family.js';

export default defineCommand({
  path: ['vps', 'volumes', 'diagnose'],
  description: 'ranked findings about what is wrong with a volume',
  args: [resourceArg('<vps>', VPS_ARG, VPS.kind), resourceArg('<volume>', 'volume id or name', VPS_VOLUMES)],
  options: { exitStatus: flag('--exit-status', 'exit 1 when a finding is fatal (findings are data: exit 0 otherwise)') },
  examples: [`infra vps volumes diagnose ${VOLUME_EXAMPLE.vps} ${VOLUME_EXAMPLE.name}`, `infra vps volumes diagnose ${VOLUME_EXAMPLE.vps} ${VOLUME_EXAMPLE.name} --exit-status`],
  run: async (app, { args: [vpsRef, ref], opts }) => {
    const { client, spec } = await vpsVolumes(app, vpsRef);
    const id = (await client.resources.resolve(spec.kind, ref, { signal: app.ctx.signal })).id;
    await showDiagnosis(app, client, spec, `${spec.kind.path}/${encodeURIComponent(id)}`, ref === id ? `volume ${id}` : `${ref} (${id})`, ref, opts.exitStatus);
  },
});
