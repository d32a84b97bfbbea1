// `serverless env list`: the variables of a container, values masked unless --show-secrets.
import { defineCommand, resourceArg } from '../../../cli/command.js';
import { wideOption } from '../../../cli/options.js';
import { CONTAINERS } from '../../../client/families.js';
import { readEnv, showSecretsOption, shown } from './flow.js';

export default defineCommand({
  path: ['serverless', 'env', 'list'],
  description: "list a container's environment variables (values masked unless --show-secrets)",
  args: [resourceArg('<id>', 'container id, name or slug', CONTAINERS)],
  options: { ...showSecretsOption(), ...wideOption() },
  examples: ['infra serverless env list web', 'infra serverless env list web --show-secrets', "infra serverless env list web --json | jq -r '.[].name'"],
  help: "Values are masked on a terminal, piped and in --json alike: 'infra serverless env export <id>' is the command that writes them out.",
  run: async (app, { args: [ref], opts }) => {
    const { env } = await readEnv(app, await app.client(), ref);
    const rows = Object.entries(env).map(([name, value]) => ({ name, value: shown(value, opts.showSecrets) }));
    if (app.json) return app.printJson(rows);
    const table = app.table<{ name: string; value: string }>([
      { header: 'NAME', value: (r) => r.name },
      { header: 'VALUE', value: (r) => r.value, fit: { kind: 'text', min: 12 } },
    ]);
    table.add(rows);
    await table.end();
  },
});
