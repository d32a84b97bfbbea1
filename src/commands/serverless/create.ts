import type { CommandRun } from '../../cli/app.js';
import type { ContainerChange } from '../../client/serverless.js';
import { applyEnv, envEdits, specFields, waitFlags } from './flags.js';
import { afterChange } from './wait-flow.js';

export const run: CommandRun = async (app, { opts }) => {
  const flags = waitFlags(opts);
  const change: ContainerChange = { name: opts.name as string, ...specFields(opts) };
  const edits = envEdits(opts);
  if (edits.set.length) change.environment_variables = applyEnv({}, edits);
  const client = await app.client();
  const c = await client.serverless.create(change);
  return afterChange(app, client, c, `created ${c.name} (id ${c.id})`, flags);
};
