// `infra vps volumes resize <vps> <volume> --size GB [--wait]`: PUT /vps/{vps}/volumes/{volume}
// `{size_gb}` → 200 `{message, volume}` (the only change the API offers on a volume).
import { resourceArg, defineCommand, required } from '../../cli/command.js';
import { VPS } from './family.js';
import { VPS_VOLUMES } from '../../client/families.js';
import { intOption } from '../../cli/options.js';
import { resolveResource } from '../resource/resolve.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { waitForOperation } from '../kit/wait/operation.js';
import { VOLUME_EXAMPLE, VPS_ARG, volumeSubject, vpsVolumes } from './volumes-family.js';

export default defineCommand({
  path: ['vps', 'volumes', 'resize'],
  description: 'grow a volume of a VPS to a new size; --wait until the resize is done',
  args: [resourceArg('<vps>', VPS_ARG, VPS.kind), resourceArg('<volume>', 'volume id or name', VPS_VOLUMES)],
  options: { size: required('--size <gb>', 'the new size in GB', intOption('--size')), ...operationWaitOptions('resize') },
  examples: [`infra vps volumes resize ${VOLUME_EXAMPLE.vps} ${VOLUME_EXAMPLE.name} --size 40 --wait`],
  run: async (app, { args: [vpsRef, ref], opts }) => {
    const flags = waitFlagsOf(opts);
    const { vpsId, spec } = await vpsVolumes(app, vpsRef);
    const { client, id, before, name } = await resolveResource(app, spec, ref);
    const changed = await client.resources.update(spec.kind, id, { size_gb: opts.size }, { signal: app.ctx.signal });
    app.info(`resizing ${name} (id ${id}) to ${opts.size} GB`);
    if (!flags.wait) {
      if (app.json) app.printJson(changed.answer);
      return;
    }
    return waitForOperation(app, client, spec, volumeSubject(spec, vpsId, 'resize', id, name, before), flags);
  },
});
