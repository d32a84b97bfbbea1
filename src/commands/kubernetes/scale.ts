// `infra kubernetes scale <cluster> --count N [--pool P]`: POST /kubernetes/{id}/scale; the
// API scales the first pool when none is named. --wait until the nodes are there.
import { defineCommand, option, required, resourceArg } from '../../cli/command.js';
import { intOption } from '../../cli/options.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { changeCluster } from './change.js';
import { KUBERNETES } from './family.js';
import { MAX_NODES, poolName } from './pools.js';

export default defineCommand({
  path: ['kubernetes', 'scale'],
  description: "set the node count of a cluster's pool (the first pool unless --pool names one); --wait until done",
  args: [resourceArg('<cluster>', 'cluster id or name', KUBERNETES.kind)],
  options: {
    count: required('--count <nodes>', `nodes the pool should have (1 to ${MAX_NODES})`, intOption('--count', 1, MAX_NODES)),
    pool: option('--pool <name>', 'the pool to scale (default: the first)', poolName('--pool')),
    ...operationWaitOptions('scaling'),
  },
  examples: ['infra kubernetes scale prod-k8s --count 5 --wait', 'infra kubernetes scale prod-k8s --pool batch --count 1', 'infra k8s scale prod-k8s --count 4 --json'],
  help: "While the cluster is provisioning or changing, the API refuses a scale (409): 'infra kubernetes wait <cluster>' waits until it settles.",
  run: async (app, { args: [ref], opts }) => {
    const flags = waitFlagsOf(opts);
    return changeCluster(
      app,
      ref,
      {
        verb: 'scale',
        what: (name) => `scale of ${name}${opts.pool ? ` (pool ${opts.pool})` : ''} to ${opts.count} node${opts.count === 1 ? '' : 's'}`,
        send: async (client, id, signal) => (await client.resources.action(KUBERNETES.kind, id, 'scale', { count: opts.count, ...(opts.pool ? { pool: opts.pool } : {}) }, { signal })).raw,
      },
      flags,
    );
  },
});
