// `serverless env set`: several variables in one write, so one rollout.
import { defineCommand, resourceArg, arg } from '../../../cli/command.js';
import { UsageError } from '../../../cli/errors.js';
import { CONTAINERS } from '../../../client/families.js';
import { envPair, waitOptions } from '../flags.js';
import { changeEnv, showSecretsOption } from './flow.js';

export default defineCommand({
  path: ['serverless', 'env', 'set'],
  description: 'set environment variables of a container: one change, one rollout (--wait as update)',
  args: [resourceArg('<id>', 'container id, name or slug', CONTAINERS), arg('<pairs...>', 'KEY=VALUE, one or more')],
  options: { ...showSecretsOption(), ...waitOptions() },
  examples: ['infra serverless env set web LOG_LEVEL=debug FEATURE_X=on', 'infra serverless env set web DATABASE_URL="$DATABASE_URL" --wait --timeout 5m'],
  run: async (app, { args: [ref, pairs], opts }) => {
    const edits = pairs.map((p) => {
      try {
        return envPair(p);
      } catch (err) {
        throw new UsageError((err as Error).message.replace(/^--env/, 'serverless env set').replace(/\.$/, ''));
      }
    });
    return changeEnv(app, ref, opts, (current) => {
      const next = { ...current };
      for (const [k, v] of edits) next[k] = v;
      return next;
    });
  },
});
