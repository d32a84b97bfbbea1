import { UsageError } from '../../cli/errors.js';
import { need } from '../../client/wire.js';
import { applyEnv, envEdits, envKey, preflightOption, specFields, specOptions, waitFlags, waitOptions } from './flags.js';
import { preflightGate } from './preflight-check.js';
import { warnUnreported } from './settings.js';
import { changeAndWait, prepareChange } from '../kit/wait/container-flow.js';
import { guardedWait, guardOf, guardOptions } from './guard.js';
import { resourceArg, defineCommand, list, option } from '../../cli/command.js';
import { CONTAINERS } from '../../client/families.js';
import { nonEmpty } from '../../cli/options.js';
import { runtimeFields, runtimeOptions, scalingOptions } from './source-flags.js';

const NOTHING_HINT =
  'give at least one of --image, --env, --unset-env, --port, --min, --max, --profile, --initial-scale, --scale-down-delay, --build-cache/--no-build-cache, --health-check-path, --registry-credential, --scaling-metric, --scaling-target, --concurrency-target, --request-timeout; to roll out the same configuration again use: infra serverless redeploy <id>';

export default defineCommand({
  path: ['serverless', 'update'],
  description: "change a container's image or settings; prints the change's generation",
  args: [resourceArg('<id>', 'container id, name or slug', CONTAINERS)],
  options: {
    image: option('--image <ref>', 'new image reference', nonEmpty('--image')),
    unsetEnv: list('--unset-env <KEY>', 'remove an environment variable (repeatable)', envKey),
    ...specOptions(),
    ...runtimeOptions(),
    ...scalingOptions(),
    ...preflightOption(),
    ...waitOptions(),
    ...guardOptions(),
  },
  examples: [
    'infra serverless update web --image registry.example.com/acme/web:1.3 --wait',
    'infra serverless update web --image registry.sim.local/acme/web:1.3.0 --verify /healthz --rollback-on-failure',
    'infra serverless update web --env LOG_LEVEL=debug --unset-env OLD_FLAG --wait --timeout 5m',
    'infra serverless update api --max 10 --json | jq .spec_generation',
    'infra serverless update api --initial-scale 2 --scale-down-delay 5m --no-build-cache --wait',
    'infra serverless update api --scaling-metric rps --scaling-target 50 --request-timeout 120',
    'infra serverless update web --health-check-path /healthz --concurrency-target 20 --wait',
    'infra serverless update web --image registry.sim.local/acme/web:1.3.0 --preflight --wait --progress json',
  ],
  run: async (app, { args, opts }) => {
    const guard = guardOf(opts);
    // A guard needs the verdict: it implies --wait.
    const flags = waitFlags(opts, guard !== undefined);
    const change = { ...specFields(opts), ...runtimeFields(opts) };
    const edits = envEdits(opts);
    const editsEnv = edits.set.length > 0 || edits.unset.length > 0;
    if (Object.keys(change).length === 0 && !editsEnv) throw new UsageError('nothing to update', NOTHING_HINT);

    const client = await app.client();
    // The read before the change (docs/behaviour.md#waits-without-generations: settled first with --wait on a server without
    // generations) and the current env.
    const prepared = await prepareChange(app, client, args[0], flags);
    let { before } = prepared;
    const { id, name } = prepared;
    if (editsEnv) {
      // PUT replaces environment_variables as a whole (docs/behaviour.md#wire): read, edit, send all.
      if (before.environment_variables === undefined) before = (await client.serverless.get(id, { signal: app.ctx.signal })).container;
      const env = need(before.environment_variables, `GET /api/v1/serverless/${id}`, 'container.environment_variables');
      for (const k of edits.unset) if (!(k in env)) app.warn(`${k} is not set on ${name}; nothing to unset`);
      const next = applyEnv(env, edits);
      if (!sameRecord(env, next)) change.environment_variables = next;
      if (Object.keys(change).length === 0) throw new UsageError(`nothing to update: the environment of ${name} already is as requested`, NOTHING_HINT);
    }
    if (opts.preflight) {
      if (change.image !== undefined) await preflightGate(app, client, [`${change.image}:${change.image_tag}`]);
      else app.info('preflight: nothing to check, the image does not change');
    }
    const write = async () => {
      const updated = await client.serverless.update(id, change, { signal: app.ctx.signal });
      warnUnreported(app, change, updated.raw, updated.container.name ?? name, id);
      return updated;
    };
    return changeAndWait(app, client, { ...prepared, before }, write, { verb: 'updated', ...(guard ? { guard: guardedWait(app, client, guard) } : {}) });
  },
});

function sameRecord(a: Record<string, string>, b: Record<string, string>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => b[k] === a[k]);
}
