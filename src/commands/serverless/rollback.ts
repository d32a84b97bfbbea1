import { resourceArg, defineCommand, option } from '../../cli/command.js';
import { CONTAINERS } from '../../client/families.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { waitFlags, waitOptions } from './flags.js';
import { deploymentImage, pickTarget, revisionLabel, rollbackChange } from './rollback-plan.js';
import { changeAndWait, prepareChange } from '../kit/wait/container-flow.js';
import { nonEmpty } from '../../cli/options.js';

export default defineCommand({
  path: ['serverless', 'rollback'],
  description: 'roll back to the image and settings of an earlier deployment (the previous one that worked, by default)',
  args: [resourceArg('<id>', 'container id, name or slug', CONTAINERS)],
  options: {
    to: option('--to <revision>', 'the deployment to go back to: its revision number or name (see: infra serverless deployments <id>)', nonEmpty('--to')),
    ...waitOptions(),
  },
  examples: ['infra serverless rollback api --wait', 'infra serverless rollback web --to 1 --wait --timeout 10m', 'infra serverless rollback web --to web-00002 --json'],
  help: 'A rollback is an update: it sends the image, tag, port, scale, profile and concurrency of that deployment (only what differs from now), and the platform rolls out a new revision with them. Environment variables are not part of the deployment history: they stay as they are.',
  run: async (app, { args: [ref], opts }) => {
    const flags = waitFlags(opts);
    const client = await app.client();
    const prepared = await prepareChange(app, client, ref, flags);
    const { id, before, name } = prepared;
    const { items } = await client.serverless.deployments(id, { signal: app.ctx.signal });
    const target = pickTarget(items, opts.to, name);
    const label = revisionLabel(target);
    if (target === items[0] && opts.to !== undefined) app.warn(`${label} is the latest deployment of ${name}`);
    if (/fail|cancel/i.test(target.status ?? '')) app.warn(`${label} ${target.status}: rolling back to it may fail the same way`);
    const change = rollbackChange(target, before);
    const rolledBackTo = { revision_number: target.revision_number ?? null, revision_name: target.revision_name ?? null, image: deploymentImage(target) ?? null };
    if (Object.keys(change).length === 0) {
      app.info(`nothing to roll back: ${name} already runs the image and settings of ${label}`);
      if (app.json) app.printJson({ rolled_back_to: rolledBackTo, changed: {}, container: null });
      return ExitCode.OK;
    }
    app.info(
      `rolling back ${name} to ${label}: ${Object.entries(change)
        .map(([k, v]) => `${k} ${String(v)}`)
        .join(', ')}`,
    );
    return changeAndWait(app, client, prepared, () => client.serverless.update(id, change, { signal: app.ctx.signal }), {
      verb: 'rolled back',
      extraJson: { rolled_back_to: rolledBackTo, changed: change },
      onWaited: () => app.info(`${name} runs the image and settings of ${label} again`),
    });
  },
});
