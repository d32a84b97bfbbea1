// `static-sites activate <site> <deployment>`: serve an earlier (or the latest) deployment
// again, a rollback; 202 `{message}`, then --wait follows the site's status like a deploy.
import { resourceArg, arg, defineCommand } from '../../cli/command.js';
import { ALL_PER_PAGE } from '../../client/paginate.js';
import { NotFoundError } from '../../client/errors.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { subjectOf, waitForOperation } from '../kit/wait/operation.js';
import { SITES } from './family.js';
import { siteFor } from './site.js';
import { deploymentRef } from './flags.js';

export default defineCommand({
  path: ['static-sites', 'activate'],
  description: 'serve a deployment of a static site again (a rollback); --wait until it is live',
  args: [resourceArg('<id>', 'static site id, name or slug', SITES.kind), arg('<deployment>', 'deployment id, or its revision number (12 or r12)')],
  options: operationWaitOptions('activation'),
  examples: ['infra static-sites activate docs r2 --wait', 'infra static-sites activate docs 2'],
  run: async (app, { args: [ref, dep], opts }) => {
    const flags = waitFlagsOf(opts);
    const wanted = deploymentRef(dep);
    const { client, id, before, name } = await siteFor(app, ref, flags.wait);
    let depId: string;
    let label: string;
    if ('id' in wanted) {
      depId = wanted.id;
      label = wanted.id;
    } else {
      // A revision number is looked up among the deployments (newest first: the first page usually has it).
      let hit: { id: string } | undefined;
      for await (const page of client.staticSites.deployments(id, { all: true, perPage: ALL_PER_PAGE, signal: app.ctx.signal })) {
        hit = page.items.find((d) => d.revision_number === wanted.revision);
        if (hit) break;
      }
      if (!hit) throw new NotFoundError(`${name} has no deployment r${wanted.revision}`, 404, `GET /api/v1/static-sites/${id}/deployments`);
      depId = hit.id;
      label = `r${wanted.revision}`;
    }
    const answer = await client.staticSites.activate(id, depId, { signal: app.ctx.signal });
    app.info(`activation of ${label} on ${name} accepted${answer.value.message ? `: ${answer.value.message}` : ''}`);
    if (!flags.wait) {
      if (app.json) app.printJson(answer.raw);
      return;
    }
    return waitForOperation(app, client, SITES, subjectOf(SITES, 'activation', id, name, before), flags);
  },
});
