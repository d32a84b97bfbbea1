import { waitFlags, waitOptions } from './flags.js';
import { baselineOf, type Target } from '../../rollout/decide.js';
import { afterChange, changeTarget, prepareChange } from './wait-flow.js';
import { arg, defineCommand } from '../../cli/command.js';

export default defineCommand({
  path: ['serverless', 'redeploy'],
  description: 'roll out the current configuration again (a new revision)',
  args: [arg('<id>', 'container id, name or slug')],
  options: waitOptions(),
  examples: ['infra serverless redeploy web --wait', 'infra serverless redeploy web --wait --timeout 10m --json'],
  run: async (app, { args, opts }) => {
    const flags = waitFlags(opts);
    const client = await app.client();
    const prepared = await prepareChange(app, client, args[0], flags);
    const { id, name, before } = prepared;
    const accepted = await client.serverless.redeploy(id, { signal: app.ctx.signal });
    // The 202 carries no container: the read right after it carries the change's generation
    // (or the 202 does, on v1.7.0 servers). Without one, that read is the server's last word
    // before the rollout (rule 8a): the baseline, never the verdict.
    const after = await client.serverless.get(id, { signal: app.ctx.signal });
    const read = after.container;
    const bumped = read.spec_generation !== undefined && read.spec_generation !== null && read.spec_generation !== (before.spec_generation ?? undefined);
    const generation = accepted.generation ?? (bumped ? read.spec_generation! : undefined);
    const target: Target = generation !== undefined ? { generation, baseline: baselineOf(before) } : changeTarget({ ...read, spec_generation: undefined }, prepared);
    return afterChange(app, client, { id, name, target, answer: after, start: { initial: read, ...(generation === undefined ? { firstReadIsBaseline: true } : {}) }, verb: 'redeploying' }, prepared.flags);
  },
});
