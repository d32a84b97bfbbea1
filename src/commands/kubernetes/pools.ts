// A node pool as typed on the command line (`workers:medium:3`) and the options of a pool's
// size: parsed before any request, with the flag named in the error.
import { InvalidArgumentError } from 'commander';
import { choice, option } from '../../cli/command.js';
import { intOption } from '../../cli/options.js';
import { K8S_PLANS } from './family.js';

/** The API's bounds on a pool's node count (the simulator's; the facts give none). */
export const MAX_NODES = 100;

export interface PoolSpec {
  name: string;
  plan: (typeof K8S_PLANS)[number];
  count: number;
}

const POOL_NAME = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

export function poolName(flag: string) {
  return (value: string): string => {
    if (!POOL_NAME.test(value)) throw new InvalidArgumentError(`${flag} takes a pool name of lowercase letters, digits and dashes (at most 63), e.g. workers.`);
    return value;
  };
}

/** `--pool name:plan:count`. */
export function parsePool(value: string): PoolSpec {
  const [name = '', plan = '', count = '', ...rest] = value.split(':');
  if (rest.length || !name || !plan || !count) throw new InvalidArgumentError(`--pool takes name:plan:count, e.g. workers:medium:3 (got "${value}").`);
  if (!(K8S_PLANS as readonly string[]).includes(plan)) throw new InvalidArgumentError(`--pool: unknown plan "${plan}"; plans are ${K8S_PLANS.join(', ')}.`);
  return { name: poolName('--pool')(name), plan: plan as PoolSpec['plan'], count: intOption('--pool count', 1, MAX_NODES)(count) };
}

export const planOption = (what: string) => choice('--plan <plan>', `node plan of ${what}`, K8S_PLANS);
export const countOption = (flags: string, what: string) => option(flags, what, intOption(flags.split(' ')[0]!, 1, MAX_NODES));
