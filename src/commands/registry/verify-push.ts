// `registry verify-push <repository>`: whether this project may push to a repository (GET
// /registry/verify-push?repository=R): exit 0 permitted, 1 not (the registry's code, message
// and hint printed).
import { arg, defineCommand } from '../../cli/command.js';
import { CliError } from '../../cli/errors.js';
import { RegistryApi } from '../../client/registry.js';
import { ExitCode } from '../../shared/exit-codes.js';

export default defineCommand({
  path: ['registry', 'verify-push'],
  description: 'check that this project may push to a repository before pushing (exit 0 permitted, 1 not, with the reason)',
  args: [arg('<repository>', 'repository: web, acme/web or registry.sim.local/acme/web')],
  examples: ['infra registry verify-push web', 'infra registry verify-push registry.sim.local/acme/web', 'infra registry verify-push web --json | jq -r .data.push_reference'],
  run: async (app, { args: [repository] }) => {
    const client = await app.client();
    const { value: v, error, raw } = await new RegistryApi(client.http).verifyPush(repository, { signal: app.ctx.signal });
    const permitted = v.permitted === true;
    if (app.json) app.printJson(raw);
    else {
      app.keyValue([
        ['Repository', v.repository ?? repository],
        ['Namespace', v.namespace ?? undefined],
        ['Permitted', permitted ? 'yes' : 'no'],
        ['Push reference', v.push_reference ?? undefined],
      ]);
    }
    if (permitted) {
      if (!app.json && v.push_reference) app.hint(`push with: docker push ${v.push_reference}:<tag>`);
      return ExitCode.OK;
    }
    const details = error?.message ? [`  registry: ${error.message}`] : [];
    throw new CliError(ExitCode.FAILED, `pushing to ${repository} is not permitted${error?.code ? ` (${error.code})` : ''}`, error?.hint ?? undefined, details);
  },
});
