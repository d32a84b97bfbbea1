import type { CommandRun } from '../../cli/app.js';
import { showContainer, staleWarning } from './render-status.js';

export const run: CommandRun = async (app, { args, opts }) => {
  const client = await app.client();
  const id = await client.serverless.resolveId(String(args[0]), { signal: app.ctx.signal });
  const read = await client.serverless.get(id, { signal: app.ctx.signal });
  const c = read.container;
  if (app.json) app.printJson(read.raw);
  else showContainer(app, c, opts.showSecrets === true);
  if (!c.status_details) app.warn(`GET /api/v1/serverless/${id} gave no status_details: this server reports only the legacy status "${c.status ?? 'unknown'}", which is not authoritative`);
  else if (c.status_details.stale) app.warn(staleWarning([c.name ?? id]));
};
