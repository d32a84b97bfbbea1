import { waitFlags, waitOptions } from './flags.js';
import { baselineOf, type Target } from '../../rollout/decide.js';
import { afterChange, changeTarget, prepareChange } from './wait-flow.js';
import { resourceArg, defineCommand } from '../../cli/command.js';
import { CONTAINERS } from '../../client/families.js';
import { CliError } from '../../cli/errors.js';
import { ConflictError } from '../../client/errors.js';
import type { Container } from '../../client/schemas.js';
import { ExitCode } from '../../shared/exit-codes.js';

export default defineCommand({
  path: ['serverless', 'redeploy'],
  description: 'roll out the current configuration again (a new revision)',
  args: [resourceArg('<id>', 'container id, name or slug', CONTAINERS)],
  options: waitOptions(),
  examples: ['infra serverless redeploy web --wait', 'infra serverless redeploy web --wait --timeout 10m --json'],
  run: async (app, { args, opts }) => {
    const flags = waitFlags(opts);
    const client = await app.client();
    const prepared = await prepareChange(app, client, args[0], flags);
    const { id, name, before } = prepared;
    let accepted;
    try {
      accepted = await client.serverless.redeploy(id, { signal: app.ctx.signal });
    } catch (err) {
      if (err instanceof ConflictError) throw new CliError(ExitCode.FAILED, `refused by the API: ${err.message}`, redeployConflictHint(args[0], before));
      throw err;
    }
    // The 202 carries no container: the read right after it carries the change's generation
    // (or the 202 does, on v1.7.0 servers). Without one, that read is the server's last word
    // before the rollout (docs/behaviour.md#waits-baseline): the baseline, never the verdict.
    const after = await client.serverless.get(id, { signal: app.ctx.signal });
    const read = after.container;
    const bumped = read.spec_generation !== undefined && read.spec_generation !== null && read.spec_generation !== (before.spec_generation ?? undefined);
    const generation = accepted.generation ?? (bumped ? read.spec_generation! : undefined);
    const target: Target = generation !== undefined ? { generation, baseline: baselineOf(before) } : changeTarget({ ...read, spec_generation: undefined }, prepared);
    return afterChange(
      app,
      client,
      { id, name, target, answer: after, start: { initial: read, ...(generation === undefined ? { firstReadIsBaseline: true } : {}) }, verb: 'redeploying' },
      prepared.flags,
    );
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
