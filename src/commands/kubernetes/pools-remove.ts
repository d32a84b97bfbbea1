// `infra kubernetes pools remove <cluster> <pool>`: DELETE .../pools/{poolName}, confirmed like a
// delete (its nodes and what runs on them go); --wait until the cluster settles. Removing a
// failed pool is the way out of a cluster's error state.
import { arg, defineCommand, flag, resourceArg } from '../../cli/command.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { confirmByName, needConfirmation } from '../resource/confirm.js';
import { changeCluster } from './change.js';
import { KUBERNETES } from './family.js';

export default defineCommand({
  path: ['kubernetes', 'pools', 'remove'],
  description: 'remove a node pool from a cluster (its nodes are drained and deleted); --wait until the cluster settles',
  args: [resourceArg('<cluster>', 'cluster id or name', KUBERNETES.kind), arg('<pool>', 'name of the pool')],
  options: { yes: flag('-y, --yes', 'remove without asking'), ...operationWaitOptions('removal') },
  examples: ['infra kubernetes pools remove prod-k8s batch', 'infra kubernetes pools remove ml-k8s gpu-fail --yes --wait'],
  run: async (app, { args: [ref, pool], opts }) => {
    const flags = waitFlagsOf(opts);
    needConfirmation(app, `remove pool ${pool} of ${ref}`, opts.yes);
    await confirmByName(app, `Remove pool ${pool} of ${ref}? Its nodes and the pods on them go.`, pool, opts.yes);
    return changeCluster(
      app,
      ref,
      {
        verb: 'pool removal',
        what: (name) => `removal of pool ${pool} from ${name}`,
        send: async (client, id, signal) =>
          (await client.http.request('DELETE', `${KUBERNETES.kind.path}/${encodeURIComponent(id)}/pools/${encodeURIComponent(pool)}`, { permission: 'kubernetes:delete', optionalBody: true, signal }))
            .raw as Record<string, unknown>,
      },
      flags,
    );
  },
});
