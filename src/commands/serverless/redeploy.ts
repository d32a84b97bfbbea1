import { waitFlags, waitOptions } from './flags.js';
import { changeAndWait, prepareChange, type Accepted } from '../kit/wait/container-flow.js';
import { guardedWait, guardOf, guardOptions } from './guard.js';
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
  options: { ...waitOptions(), ...guardOptions() },
  examples: ['infra serverless redeploy web --wait', 'infra serverless redeploy web --verify /healthz --rollback-on-failure', 'infra serverless redeploy web --wait --timeout 10m --json'],
  run: async (app, { args, opts }) => {
    const guard = guardOf(opts);
    const flags = waitFlags(opts, guard !== undefined);
    const client = await app.client();
    const prepared = await prepareChange(app, client, args[0], flags);
    // The 202 carries no container: the read right after it tells the change's generation (or
    // the 202 does, on v1.7.0 servers); changeAndWait takes it from there.
    const redeploy = async (): Promise<Accepted> => {
      try {
        return { accepted: true, generation: (await client.serverless.redeploy(prepared.id, { signal: app.ctx.signal })).generation };
      } catch (err) {
        if (err instanceof ConflictError) throw new CliError(ExitCode.FAILED, `refused by the API: ${err.message}`, redeployConflictHint(args[0], prepared.before));
        throw err;
      }
    };
    return changeAndWait(app, client, prepared, redeploy, { verb: 'redeploying', ...(guard ? { guard: guardedWait(app, client, guard) } : {}) });
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
