import { showContainer, staleWarning } from './render-status.js';
import { resourceArg, defineCommand, flag } from '../../cli/command.js';
import { CONTAINERS } from '../../client/families.js';
import { openInBrowser, webUrl } from '../kit/open-url.js';

export default defineCommand({
  path: ['serverless', 'get'],
  description: 'show one container: status details, generations, the error of a failed rollout',
  args: [resourceArg('<id>', 'container id, name or slug', CONTAINERS)],
  options: {
    showSecrets: flag('--show-secrets', 'show environment variable values unmasked'),
    web: flag('--web', "open the container's URL in the browser instead (printed where none can be shown)"),
  },
  examples: ['infra serverless get web', 'infra serverless get web --json | jq .status_details', 'infra serverless get web --web'],
  run: async (app, { args, opts }) => {
    const client = await app.client();
    const id = await client.serverless.resolveId(args[0], { signal: app.ctx.signal });
    const read = await client.serverless.get(id, { signal: app.ctx.signal });
    const c = read.container;
    if (opts.web) return openInBrowser(app, webUrl(c.url, `container ${c.name ?? id}`), {});
    if (app.json) app.printJson(read.raw);
    else showContainer(app, c, opts.showSecrets);
    if (!c.status_details) app.warn(`GET /api/v1/serverless/${id} gave no status_details: this server reports only the legacy status "${c.status ?? 'unknown'}", which is not authoritative`);
    else if (c.status_details.stale) app.warn(staleWarning([c.name ?? id]));
  },
});
