import type { CommandRun } from '../../cli/app.js';
import { showContainer, staleWarning } from './render-status.js';

export const run: CommandRun = async (app, { args }) => {
  const client = await app.client();
  const id = await client.serverless.resolveId(String(args[0]));
  const c = await client.serverless.get(id);
  if (app.json) app.printJson(c);
  else showContainer(app, c);
  if (c.status_details.stale) app.warn(staleWarning([c.name]));
};
