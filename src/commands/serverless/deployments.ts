import type { Deployment } from '../../client/serverless.js';
import { age } from '../../output/age.js';
import { resourceArg, defineCommand } from '../../cli/command.js';
import { CONTAINERS } from '../../client/families.js';
import { wideOption } from '../../cli/options.js';
import { deploymentImage } from './rollback-plan.js';

export default defineCommand({
  path: ['serverless', 'deployments'],
  description: 'the deployment history of a container, newest first: revision, image, status, current, traffic, deployed at',
  args: [resourceArg('<id>', 'container id, name or slug', CONTAINERS)],
  options: wideOption(),
  examples: ['infra serverless deployments web', "infra serverless deployments web --json | jq -r '.[] | select(.is_current) | .revision_number'"],
  help: 'Every deployment is a revision the platform rolled out; `infra serverless rollback <id> --to REVISION` re-applies the image and settings of one of them.',
  run: async (app, { args: [ref] }) => {
    const client = await app.client();
    const id = await client.serverless.resolveId(ref, { signal: app.ctx.signal });
    const { items, raw } = await client.serverless.deployments(id, { signal: app.ctx.signal });
    if (app.json) {
      app.printJson(raw);
      return;
    }
    const now = app.serverNow();
    const terminal = !!app.ctx.stdout.isTTY;
    const table = app.table<Deployment>([
      { header: 'REVISION', value: (d) => (d.revision_number === undefined || d.revision_number === null ? '?' : String(d.revision_number)) },
      { header: 'NAME', value: (d) => d.revision_name ?? d.knative_revision_name ?? '', fit: { priority: 1 } },
      { header: 'IMAGE', value: (d) => deploymentImage(d) ?? '' },
      { header: 'STATUS', value: (d) => d.status ?? d.status_details?.summary ?? '', color: (v) => (v === 'active' ? app.style.green(v) : v === 'failed' ? app.style.red(v) : v) },
      { header: 'CURRENT', value: (d) => (d.is_current ? 'yes' : '') },
      { header: 'TRAFFIC', value: (d) => (d.traffic_percent === undefined || d.traffic_percent === null ? '' : `${d.traffic_percent}%`), fit: { priority: 2 } },
      // On a terminal the age comes first: what a narrow one cuts is the timestamp after it.
      {
        header: 'DEPLOYED',
        value: (d) => (d.deployed_at ? (terminal ? `${age(d.deployed_at, now)} (${d.deployed_at})` : `${d.deployed_at} (${age(d.deployed_at, now)})`) : d.status === 'failed' ? 'never (failed)' : ''),
        fit: { kind: 'text', min: 8, priority: 3 },
      },
    ]);
    table.add(items);
    await table.end();
    if (items.length === 0) app.info(`no deployments of ${ref} yet`);
  },
});
