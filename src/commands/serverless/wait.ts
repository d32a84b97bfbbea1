import type { CommandRun } from '../../cli/app.js';
import { UsageError } from '../../cli/errors.js';
import { waitFlags } from './flags.js';
import { waitAndReport } from './wait-flow.js';

export const run: CommandRun = async (app, { args, opts }) => {
  const flags = waitFlags(opts, true);
  const client = await app.client();
  const id = await client.serverless.resolveId(String(args[0]));
  const c = await client.serverless.get(id);
  const target = (opts.generation as number | undefined) ?? c.spec_generation;
  if (target > c.spec_generation)
    throw new UsageError(`generation ${target} of ${c.name} does not exist: its latest change is generation ${c.spec_generation}`);
  return waitAndReport(app, client, { id, name: c.name, target }, c, flags);
};
