// `infra kubernetes pools add <cluster> --name P --plan X --count N`: POST .../pools (201
// with the cluster); --wait until its nodes run.
import { defineCommand, required, resourceArg } from '../../cli/command.js';
import { intOption } from '../../cli/options.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { changeCluster } from './change.js';
import { K8S_PLANS, KUBERNETES } from './family.js';
import { MAX_NODES, poolName } from './pools.js';
import { InvalidArgumentError } from 'commander';

function plan(value: string): string {
  if (!(K8S_PLANS as readonly string[]).includes(value)) throw new InvalidArgumentError(`--plan: unknown plan "${value}"; plans are ${K8S_PLANS.join(', ')}.`);
  return value;
}

export default defineCommand({
  path: ['kubernetes', 'pools', 'add'],
  description: 'add a node pool to a cluster; --wait until its nodes run',
  args: [resourceArg('<cluster>', 'cluster id or name', KUBERNETES.kind)],
  options: {
    name: required('--name <pool>', 'name of the new pool', poolName('--name')),
    plan: required('--plan <plan>', `node plan (${K8S_PLANS.join(', ')})`, plan),
    count: required('--count <nodes>', `nodes of the pool (1 to ${MAX_NODES})`, intOption('--count', 1, MAX_NODES)),
    ...operationWaitOptions('pool'),
  },
  examples: ['infra kubernetes pools add prod-k8s --name gpu --plan xlarge --count 2 --wait', 'infra k8s pools add prod-k8s --name spare --plan small --count 1 --json'],
  run: async (app, { args: [ref], opts }) => {
    const flags = waitFlagsOf(opts);
    return changeCluster(
      app,
      ref,
      {
        verb: 'pool add',
        what: (name) => `pool ${opts.name} (${opts.count} × ${opts.plan}) on ${name}`,
        send: async (client, id, signal) =>
          (
            await client.http.request('POST', `${KUBERNETES.kind.path}/${encodeURIComponent(id)}/pools`, {
              body: { name: opts.name, plan: opts.plan, count: opts.count },
              permission: 'kubernetes:write',
              signal,
            })
          ).raw as Record<string, unknown>,
      },
      flags,
    );
  },
});
