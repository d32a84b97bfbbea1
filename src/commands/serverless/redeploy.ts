import { waitFlags, waitOptions } from './flags.js';
import { baselineOf } from '../../rollout/decide.js';
import { afterChange, readBefore, targetOf } from './wait-flow.js';
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
    const { id, before, name } = await readBefore(app, client, args[0]);
    await client.serverless.redeploy(id, { signal: app.ctx.signal });
    // 202 without a container: the read right after carries the change's generation, where the
    // server sends generations (contract 6.8); otherwise the read before is the baseline.
    const after = await client.serverless.get(id, { signal: app.ctx.signal });
    const generation = after.container.spec_generation ?? undefined;
    const bumped = generation !== undefined && generation !== (before.spec_generation ?? undefined);
    const target = bumped ? targetOf(after.container, before) : { baseline: baselineOf(before) };
    return afterChange(app, client, { id, name, target, answer: after, start: { initial: after.container }, verb: 'redeploying' }, flags);
  },
});
