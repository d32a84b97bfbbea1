// `serverless env export`: the variables with their values, as a file `import` reads back exactly.
// This is the one command that writes values out; on a terminal it asks for --show-secrets first.
import { defineCommand, option, resourceArg } from '../../../cli/command.js';
import { UsageError } from '../../../cli/errors.js';
import { writeFileAtomic } from '../../../cli/locked-file.js';
import { pathValue } from '../../../cli/options.js';
import { CONTAINERS } from '../../../client/families.js';
import { rawStream } from '../../../output/terminal-guard.js';
import { formatDotenv, formatEnvJson } from '../../../shared/dotenv.js';
import { formatOption } from './file.js';
import { readEnv, showSecretsOption } from './flow.js';

export default defineCommand({
  path: ['serverless', 'env', 'export'],
  description: "write a container's variables with their values as dotenv or JSON (to a file, or piped)",
  args: [resourceArg('<id>', 'container id, name or slug', CONTAINERS)],
  options: {
    ...formatOption('dotenv (default) or json'),
    output: option('-o, --output <file>', 'write to this file (mode 0600) instead of standard output', pathValue('--output')),
    ...showSecretsOption(),
  },
  examples: ['infra serverless env export web > web.env', 'infra serverless env export web --format json -o web.json', 'infra serverless env export web --show-secrets'],
  help: 'On a terminal the values would be shown, so export asks for --show-secrets there; piped or with --output it writes them as they are.',
  run: async (app, { args: [ref], opts }) => {
    if (opts.output === undefined && app.ctx.stdout.isTTY && !opts.showSecrets)
      throw new UsageError('export writes the values in clear, and standard output is a terminal', 'redirect it to a file (> web.env), give --output FILE, or add --show-secrets to show them here');
    const { env } = await readEnv(app, await app.client(), ref);
    const text = opts.format === 'json' ? formatEnvJson(env) : formatDotenv(env);
    if (opts.output !== undefined) {
      writeFileAtomic(opts.output, text);
      app.info(`${Object.keys(env).length} variables written to ${opts.output}`);
    } else if (app.ctx.stdout.isTTY) app.print(text);
    // Exact bytes when piped: the file must read back as it was.
    else rawStream(app.ctx.stdout).write(text);
  },
});
