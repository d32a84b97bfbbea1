// `infra vps volumes create <vps> --name N --size GB [--wait]`: POST /vps/{vps}/volumes
// `{name, size_gb}` → 201 `{message, volume}`; the volume is provisioned asynchronously.
import { resourceArg, defineCommand, required } from '../../cli/command.js';
import { VPS } from './family.js';
import { intOption, nonEmpty } from '../../cli/options.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { waitForOperation } from '../kit/wait/operation.js';
import { VOLUME_EXAMPLE, VPS_ARG, volumeSubject, vpsVolumes } from './volumes-family.js';

export default defineCommand({
  path: ['vps', 'volumes', 'create'],
  description: 'create a volume on a VPS (billed separately from it); --wait until it is ready',
  args: [resourceArg('<vps>', VPS_ARG, VPS.kind)],
  options: {
    name: required('--name <name>', 'name of the volume', nonEmpty('--name')),
    size: required('--size <gb>', 'size in GB', intOption('--size')),
    ...operationWaitOptions('creation'),
  },
  examples: [`infra vps volumes create ${VOLUME_EXAMPLE.vps} --name data-2 --size 20 --wait`, `infra vps volumes create ${VOLUME_EXAMPLE.vps} --name logs --size 50 --json`],
  run: async (app, { args: [vpsRef], opts }) => {
    const flags = waitFlagsOf(opts);
    const { client, vpsId, spec } = await vpsVolumes(app, vpsRef);
    const created = await client.resources.create(spec.kind, { name: opts.name, size_gb: opts.size }, { signal: app.ctx.signal });
    const v = created.value;
    if (!app.json) app.print(v.id);
    app.info(`creating volume ${v.name ?? opts.name} (id ${v.id}) on ${vpsRef}`);
    if (!flags.wait) {
      if (app.json) app.printJson(created.answer);
      return;
    }
    return waitForOperation(app, client, spec, volumeSubject(spec, vpsId, 'create', v.id, v.name ?? opts.name, null), flags, { initial: v });
  },
});
