// `serverless env unset`: several variables removed in one write, so one rollout.
import { arg, defineCommand, resourceArg } from '../../../cli/command.js';
import { UsageError } from '../../../cli/errors.js';
import { CONTAINERS } from '../../../client/families.js';
import { ENV_NAME } from '../../../shared/dotenv.js';
import { waitOptions } from '../flags.js';
import { changeEnv, showSecretsOption } from './flow.js';

export default defineCommand({
  path: ['serverless', 'env', 'unset'],
  description: 'remove environment variables of a container: one change, one rollout (--wait as update)',
  args: [resourceArg('<id>', 'container id, name or slug', CONTAINERS), arg('<keys...>', 'variable names, one or more')],
  options: { ...showSecretsOption(), ...waitOptions() },
  examples: ['infra serverless env unset web OLD_FLAG LEGACY_URL', 'infra serverless env unset web OLD_FLAG --wait'],
  run: async (app, { args: [ref, keys], opts }) => {
    const bad = keys.find((k) => !ENV_NAME.test(k));
    if (bad !== undefined) throw new UsageError(`"${bad}" is not a valid variable name (letters, digits and _, not starting with a digit)`);
    return changeEnv(app, ref, opts, (current, name) => {
      const next = { ...current };
      for (const k of keys) {
        if (!(k in next)) app.warn(`${k} is not set on ${name}; nothing to unset`);
        delete next[k];
      }
      return next;
    });
  },
});
