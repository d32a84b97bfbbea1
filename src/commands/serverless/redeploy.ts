import type { CommandRun } from '../../cli/app.js';
import { waitFlags } from './flags.js';
import { afterChange } from './wait-flow.js';

export const run: CommandRun = async (app, { args, opts }) => {
  const flags = waitFlags(opts);
  const client = await app.client();
  const id = await client.serverless.resolveId(String(args[0]));
  const c = await client.serverless.redeploy(id);
  return afterChange(app, client, c, `redeploying ${c.name} (id ${c.id})`, flags);
};
