// `registry usage`: what the project's registry holds against its limits (GET /registry/usage;
// `meta.unlimited_is_zero`: a limit of 0 means none).
import { defineCommand } from '../../cli/command.js';
import { RegistryApi } from '../../client/registry.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { quotaText } from './format.js';

export default defineCommand({
  path: ['registry', 'usage'],
  description: "the registry's storage and repository count against the project's limits",
  examples: ['infra registry usage', 'infra registry usage --json | jq .data.bytes_used'],
  run: async (app) => {
    const client = await app.client();
    const { value: u, raw } = await new RegistryApi(client.http).usage({ signal: app.ctx.signal });
    if (app.json) {
      app.printJson(raw);
      return ExitCode.OK;
    }
    const zero = u.meta?.unlimited_is_zero === true;
    app.keyValue([
      ['Repositories', quotaText(u.data.repository_count, u.data.max_repositories, false, zero)],
      ['Storage', quotaText(u.data.bytes_used, u.data.max_bytes, true, zero)],
    ]);
    return ExitCode.OK;
  },
});
