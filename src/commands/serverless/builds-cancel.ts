// `serverless builds cancel <id> [<build>]`: cancels a build still running (POST
// .../builds/{build}/cancel); without <build>, the latest one, which is read first so that a
// finished build is said without sending anything.
import { resourceArg, arg, defineCommand } from '../../cli/command.js';
import { CONTAINERS } from '../../client/families.js';
import { CliError } from '../../cli/errors.js';
import { BuildsApi } from '../../client/builds.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { buildLabel, buildStatus } from './builds-status.js';

export default defineCommand({
  path: ['serverless', 'builds', 'cancel'],
  description: 'cancel a build that is still running (the latest one unless a build id is given); the serving revision stays',
  args: [resourceArg('<id>', 'container id, name or slug', CONTAINERS), arg('[build]', 'build id (default: the latest build)')],
  examples: ['infra serverless builds cancel web', 'infra serverless builds cancel web 6f1c0e3a-0d1e-4b8e-9a51-2f0c7c1d9e11'],
  help: 'Exit 0 when cancelled; 1 when the build is already over (nothing to cancel); 5 when the container has no such build.',
  run: async (app, { args: [ref, buildRef] }) => {
    const client = await app.client();
    const builds = new BuildsApi(client.http);
    const { id, item } = await client.serverless.resolve(ref, { signal: app.ctx.signal });
    const name = item?.name ?? ref;
    let buildId = buildRef;
    if (buildId === undefined) {
      const latest = (await builds.latest(id, { signal: app.ctx.signal })).value;
      if (!latest) throw new CliError(ExitCode.NOT_FOUND, `${name} has no build to cancel`);
      const op = buildStatus(latest, null, id).status_details?.operation;
      if (op?.terminal) throw new CliError(ExitCode.FAILED, `the latest build of ${name}, ${buildLabel(latest)}, is already ${latest.status}: nothing to cancel`);
      buildId = latest.id;
    }
    const res = await builds.cancel(id, buildId, { signal: app.ctx.signal });
    if (app.json) app.printJson(res.raw);
    app.info(`cancelled build ${buildId} of ${name}`);
    return ExitCode.OK;
  },
});
