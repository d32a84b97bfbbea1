// `serverless builds show <id> [--wait]`: the latest build of a container (GET
// .../builds/latest); --wait follows it to its end, as `deploy --wait` does (the resume
// command a timed-out deploy prints).
import { resourceArg, defineCommand } from '../../cli/command.js';
import { CONTAINERS } from '../../client/families.js';
import { CliError } from '../../cli/errors.js';
import { BuildsApi } from '../../client/builds.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { buildLabel, waitForBuild } from './builds-status.js';

export default defineCommand({
  path: ['serverless', 'builds', 'show'],
  description: 'show the latest build of a container (status, built image, error); --wait follows it to its end',
  args: [resourceArg('<id>', 'container id, name or slug', CONTAINERS)],
  options: operationWaitOptions('build'),
  examples: ['infra serverless builds show web', 'infra serverless builds show web --wait', 'infra serverless builds show web --json | jq -r .status'],
  help: 'Exit 0 when the build is shown (whatever its status); with --wait: 0 succeeded, 1 failed or cancelled, 6 timeout. A container never built has no build (exit 5).',
  run: async (app, { args: [ref], opts }) => {
    const flags = waitFlagsOf(opts, false, 'the build');
    const client = await app.client();
    const { id, item } = await client.serverless.resolve(ref, { signal: app.ctx.signal });
    const name = item?.name ?? ref;
    if (flags.wait) return waitForBuild(app, client, { id, name, previousId: null }, flags);
    const { value: b, raw } = await new BuildsApi(client.http).latest(id, { signal: app.ctx.signal });
    if (!b) throw new CliError(ExitCode.NOT_FOUND, `${name} has no build`, `build it from source with: infra serverless deploy ${ref}`);
    if (app.json) {
      app.printJson(raw);
      return ExitCode.OK;
    }
    app.keyValue([
      ['Build', buildLabel(b)],
      ['Container', `${name} (${id})`],
      ['Status', b.status ?? undefined],
      ['Source', b.source_type ?? undefined],
      ['Trigger', b.trigger_type ?? undefined],
      ['Image', b.built_image_ref ?? undefined],
      ['Duration', b.duration_seconds === null || b.duration_seconds === undefined ? undefined : `${b.duration_seconds}s`],
      ['Error', b.error_message ?? undefined],
      ['Created', b.created_at ?? undefined],
    ]);
    return ExitCode.OK;
  },
});
