import { UsageError } from '../../cli/errors.js';
import type { Target } from '../../rollout/decide.js';
import { timingOptions, waitFlags } from './flags.js';
import { waitAndReport } from './wait-flow.js';
import { arg, defineCommand, option } from '../../cli/command.js';
import { intOption, timestampOption } from '../../cli/options.js';

export default defineCommand({
  path: ['serverless', 'wait'],
  description: 'wait for a rollout to finish (resumes a --wait that timed out or was interrupted)',
  args: [arg('<id>', 'container id, name or slug')],
  options: {
    generation: option('--generation <n>', "the change to wait for (default: the container's latest spec_generation)", intOption('--generation')),
    observedAfter: option('--observed-after <timestamp>', 'servers without generations: the observed_at of the read before the change (printed by update and redeploy)', timestampOption('--observed-after')),
    ...timingOptions(),
  },
  examples: ['infra serverless wait web', 'infra serverless wait web --generation 7 --timeout 30m', 'infra serverless wait web --json | jq -r .outcome'],
  run: async (app, { args, opts }) => {
    const flags = waitFlags(opts, true);
    const client = await app.client();
    const id = await client.serverless.resolveId(args[0], { signal: app.ctx.signal });
    const { container: c } = await client.serverless.get(id, { signal: app.ctx.signal });
    const name = c.name ?? id;
    const given = opts.generation;
    const observedAfter = opts.observedAfter;
    const latest = c.spec_generation ?? undefined;
    if (given !== undefined && latest !== undefined && given > latest)
      throw new UsageError(`generation ${given} of ${name} does not exist: its latest change is generation ${latest}`);
    const generation = given ?? latest;
    const target: Target = {
      ...(generation !== undefined ? { generation } : {}),
      ...(observedAfter !== undefined ? { baseline: { observed_at: observedAfter } } : {}),
    };
    return waitAndReport(app, client, { id, name, target }, { initial: c }, flags);
  },
});
