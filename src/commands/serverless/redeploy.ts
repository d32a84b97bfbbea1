import { waitFlags, waitOptions } from './flags.js';
import { baselineOf } from '../../rollout/decide.js';
import { afterChange, readBefore, targetOf } from './wait-flow.js';
import { arg, defineCommand } from '../../cli/command.js';
import { CliError } from '../../cli/errors.js';
import { ConflictError } from '../../client/errors.js';
import type { Container } from '../../client/schemas.js';
import { ExitCode } from '../../shared/exit-codes.js';

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
    try {
      await client.serverless.redeploy(id, { signal: app.ctx.signal });
    } catch (err) {
      if (err instanceof ConflictError) throw new CliError(ExitCode.FAILED, `refused by the API: ${err.message}`, redeployConflictHint(args[0], before));
      throw err;
    }
    // 202 without a container: the read right after carries the change's generation, where the
    // server sends generations (contract 6.8); otherwise the read before is the baseline.
    const after = await client.serverless.get(id, { signal: app.ctx.signal });
    const generation = after.container.spec_generation ?? undefined;
    const bumped = generation !== undefined && generation !== (before.spec_generation ?? undefined);
    const target = bumped ? targetOf(after.container, before) : { baseline: baselineOf(before) };
    return afterChange(app, client, { id, name, target, answer: after, start: { initial: after.container }, verb: 'redeploying' }, flags);
  },
});

/**
 * A 409 on redeploy: a deployment is running (or the state forbids one). The way out is to
 * wait for it, named with the reference the user typed; the running rollout is named when
 * the read before the request shows it.
 */
export function redeployConflictHint(ref: string, before: Pick<Container, 'status_details' | 'spec_generation'>): string {
  const op = before.status_details?.operation;
  const running = op && op.terminal === false ? ` (a rollout is ${op.state ?? 'in flight'}${before.spec_generation != null ? `, generation ${before.spec_generation}` : ''})` : '';
  return `wait for the deployment in progress${running} with 'infra serverless wait ${ref}', then redeploy; 'infra serverless get ${ref}' shows its state`;
}
