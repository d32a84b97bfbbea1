// `serverless env import`: the variables of a dotenv or JSON file, set in one write (one rollout).
import { arg, defineCommand, flag, resourceArg } from '../../../cli/command.js';
import { CONTAINERS } from '../../../client/families.js';
import { waitOptions } from '../flags.js';
import { readEnvFile, formatOption } from './file.js';
import { changeEnv, showSecretsOption } from './flow.js';

export default defineCommand({
  path: ['serverless', 'env', 'import'],
  description: "set a container's variables from a dotenv or JSON file: one change, one rollout (--replace: the file becomes the whole environment)",
  args: [resourceArg('<id>', 'container id, name or slug', CONTAINERS), arg('<file>', 'a dotenv file (KEY=VALUE lines) or a JSON object; - reads standard input')],
  options: {
    ...formatOption('the file format (default: JSON when the file starts with "{", dotenv otherwise)'),
    replace: flag('--replace', 'remove the variables the file does not name (default: keep them)'),
    ...showSecretsOption(),
    ...waitOptions(),
  },
  examples: [
    'infra serverless env import web .env',
    'infra serverless env import web prod.env --replace --wait',
    'infra serverless env export web --format json | infra serverless env import api - --format json',
  ],
  help: 'The file is read and checked before any request: a syntax error or an invalid name is refused naming its line (exit 2). Values are taken as written: $NAME is never expanded.',
  run: async (app, { args: [ref, file], opts }) => {
    const vars = await readEnvFile(app, file, opts.format);
    return changeEnv(app, ref, opts, (current) => (opts.replace ? { ...vars } : { ...current, ...vars }));
  },
});
