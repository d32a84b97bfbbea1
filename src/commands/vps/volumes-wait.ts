// `infra vps volumes wait <vps> <volume>`: resumes a volume's --wait (the command its timeout
// and Ctrl-C name), like `infra <family> wait` for resources addressed by their id alone.
import { resourceArg, defineCommand, flag, option } from '../../cli/command.js';
import { VPS } from './family.js';
import { VPS_VOLUMES } from '../../client/families.js';
import { durationOption, timestampOption } from '../../cli/options.js';
import { NotFoundError } from '../../client/errors.js';
import { progressOption, waitFlagsOf } from '../kit/wait/flags.js';
import { waitForOperation } from '../kit/wait/operation.js';
import { VOLUME_EXAMPLE, VPS_ARG, volumeSubject, vpsVolumes } from './volumes-family.js';

export default defineCommand({
  path: ['vps', 'volumes', 'wait'],
  description: 'wait for the operation in flight on a volume to finish (resumes a --wait)',
  args: [resourceArg('<vps>', VPS_ARG, VPS.kind), resourceArg('<volume>', 'volume id or name', VPS_VOLUMES)],
  options: {
    observedAfter: option('--observed-after <timestamp>', 'the observed_at of the read before the operation (printed when a --wait stops early)', timestampOption('--observed-after')),
    deleted: flag('--deleted', 'wait until the volume is gone (a deletion)'),
    timeout: option('--timeout <duration>', 'give up waiting after this long (default 15m)', durationOption('--timeout', { min: 1_000 })),
    interval: option('--interval <duration>', 'longest pause between status checks (default 5s)', durationOption('--interval', { min: 100 })),
    progress: progressOption(),
  },
  examples: [`infra vps volumes wait ${VOLUME_EXAMPLE.vps} ${VOLUME_EXAMPLE.name}`, `infra vps volumes wait ${VOLUME_EXAMPLE.vps} ${VOLUME_EXAMPLE.id} --deleted --timeout 10m`],
  run: async (app, { args: [vpsRef, ref], opts }) => {
    const flags = waitFlagsOf(opts, true);
    const { client, vpsId, spec } = await vpsVolumes(app, vpsRef);
    const signal = app.ctx.signal;
    const id = (await client.resources.resolve(spec.kind, ref, { signal })).id;
    let value;
    try {
      value = (await client.resources.get(spec.kind, id, { signal })).value;
    } catch (err) {
      // A deletion that already finished: the resume has nothing left to wait for.
      if (!(opts.deleted && err instanceof NotFoundError)) throw err;
    }
    const target = opts.observedAfter ? { baseline: { observed_at: opts.observedAfter } } : {};
    const subject = { ...volumeSubject(spec, vpsId, opts.deleted ? 'delete' : 'operation', id, value?.name ?? ref, null), target };
    return waitForOperation(app, client, spec, subject, flags, { initial: value, untilGone: opts.deleted });
  },
});
