// `infra kubernetes create`: a cluster with one pool (--plan, --nodes) or several (--pool,
// repeatable); --wait until it runs. Everything is checked before the request.
import { defineCommand, list, option, required, withDefault } from '../../cli/command.js';
import { UsageError } from '../../cli/errors.js';
import { nonEmpty } from '../../cli/options.js';
import { InvalidArgumentError } from 'commander';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { createAndWait } from '../resource/write-and-wait.js';
import { K8S_VERSIONS, KUBERNETES } from './family.js';
import { countOption, parsePool, planOption } from './pools.js';

function version(value: string): string {
  if (!(K8S_VERSIONS as readonly string[]).includes(value)) throw new InvalidArgumentError(`--kubernetes-version: the API offers Kubernetes ${K8S_VERSIONS.join(', ')}.`);
  return value;
}

export default defineCommand({
  path: ['kubernetes', 'create'],
  description: 'create a Kubernetes cluster with one node pool (--plan, --nodes) or several (--pool); --wait until it runs',
  options: {
    name: required('--name <name>', 'name of the cluster', nonEmpty('--name')),
    // Not --version: the root's --version is read anywhere on the line and prints infra's own.
    version: withDefault('--kubernetes-version <version>', `Kubernetes version (${K8S_VERSIONS.join(', ')})`, K8S_VERSIONS[0] as string, version),
    plan: planOption('the default pool (default small)'),
    nodes: countOption('--nodes <count>', 'nodes of the default pool (default 3)'),
    pool: list('--pool <name:plan:count>', 'a node pool, e.g. workers:medium:3 (repeatable; instead of --plan/--nodes)', parsePool),
    ipFamily: option('--ip-family <family>', 'IP family of the cluster network (the API default when absent)', nonEmpty('--ip-family')),
    ...operationWaitOptions('provisioning'),
  },
  examples: [
    'infra kubernetes create --name prod-k8s --plan medium --nodes 3 --wait',
    'infra kubernetes create --name data --pool default:small:2 --pool workers:large:4',
    'infra k8s create --name ci --nodes 1 --json',
  ],
  run: async (app, { opts }) => {
    const flags = waitFlagsOf(opts);
    if (opts.pool.length && (opts.plan || opts.nodes !== undefined)) throw new UsageError('give --pool or --plan/--nodes, not both', 'with --pool every pool names its own plan and count');
    const names = opts.pool.map((p) => p.name);
    const twice = names.find((n, i) => names.indexOf(n) !== i);
    if (twice) throw new UsageError(`two pools are named ${twice}`, 'each --pool needs a name of its own');
    const body: Record<string, unknown> = { name: opts.name, k8s_version: opts.version };
    if (opts.pool.length) body.pools = opts.pool;
    if (opts.plan) body.plan = opts.plan;
    if (opts.nodes !== undefined) body.nodes = opts.nodes;
    if (opts.ipFamily) body.ip_family = opts.ipFamily;
    return createAndWait(app, KUBERNETES, body, flags);
  },
});
