// `infra vps volumes delete <vps> <volume>`: DELETE /vps/{vps}/volumes/{volume} → 200
// `{message, status: "detaching"}`; the volume is detached, then deleted (--wait: until 404).
import { resourceArg, defineCommand, flag } from '../../cli/command.js';
import { VPS } from './family.js';
import { VPS_VOLUMES } from '../../client/families.js';
import { confirmByName, needConfirmation } from '../resource/confirm.js';
import { resolveResource } from '../resource/resolve.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { waitForOperation } from '../kit/wait/operation.js';
import { VOLUME_EXAMPLE, VPS_ARG, volumeSubject, vpsVolumes } from './volumes-family.js';

export default defineCommand({
  path: ['vps', 'volumes', 'delete'],
  description: 'detach and delete a volume with its data (asks to type its name on a terminal; --yes otherwise); --wait until it is gone',
  args: [resourceArg('<vps>', VPS_ARG, VPS.kind), resourceArg('<volume>', 'volume id or name', VPS_VOLUMES)],
  options: { yes: flag('-y, --yes', 'delete without asking'), ...operationWaitOptions('deletion') },
  examples: [`infra vps volumes delete ${VOLUME_EXAMPLE.vps} ${VOLUME_EXAMPLE.name}`, `infra vps volumes delete ${VOLUME_EXAMPLE.vps} ${VOLUME_EXAMPLE.id} --yes --wait`],
  run: async (app, { args: [vpsRef, ref], opts }) => {
    const flags = waitFlagsOf(opts);
    needConfirmation(app, `delete volume ${ref}`, opts.yes);
    const { vpsId, spec } = await vpsVolumes(app, vpsRef);
    const { client, id, before, name } = await resolveResource(app, spec, ref);
    await confirmByName(app, `Delete volume ${name} (id ${id}) and its data? This cannot be undone.`, name, opts.yes);
    const accepted = await client.resources.delete(spec.kind, id, { signal: app.ctx.signal });
    app.info(`deleting volume ${name} (id ${id})${accepted.status ? `: ${accepted.status}` : ''}`);
    if (!flags.wait) {
      if (app.json) app.printJson({ id, name, deleted: true, ...accepted.raw });
      return;
    }
    return waitForOperation(app, client, spec, volumeSubject(spec, vpsId, 'delete', id, name, before), flags, { untilGone: true });
  },
});
