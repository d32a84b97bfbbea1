import type { CommandRun } from '../../cli/app.js';
import { UsageError } from '../../cli/errors.js';
import type { ContainerChange } from '../../client/serverless.js';
import { applyEnv, envEdits, slugFrom, specFields, waitFlags } from './flags.js';
import { afterChange, targetOf } from './wait-flow.js';

/** What a create sends when a flag is not given (the API requires each of them). */
export const CREATE_DEFAULTS = { port: 8080, resource_profile: 'small', min_scale: 0, max_scale: 3 } as const;

export const run: CommandRun = async (app, { opts }) => {
  const flags = waitFlags(opts);
  const name = opts.name as string;
  const slug = (opts.slug as string | undefined) ?? slugFrom(name);
  if (!slug) throw new UsageError(`cannot derive a slug from the name "${name}"`, 'give one with --slug (lowercase letters, digits and hyphens)');
  const spec = specFields(opts);
  const change: ContainerChange = { name, slug, deployment_type: 'docker_image', ...CREATE_DEFAULTS, ...spec };
  if (change.min_scale! > change.max_scale!)
    throw new UsageError(`--min ${change.min_scale} is greater than the maximum scale ${change.max_scale}`, `give --max as well (the default maximum is ${CREATE_DEFAULTS.max_scale})`);
  const edits = envEdits(opts);
  if (edits.set.length) change.environment_variables = applyEnv({}, edits);
  const client = await app.client();
  const created = await client.serverless.create(change, { signal: app.ctx.signal });
  const c = created.container;
  // Data on stdout: the new id, for `id=$(infra serverless create ...)`; the rest is on stderr.
  if (!app.json) app.print(c.id);
  return afterChange(
    app,
    client,
    {
      id: c.id,
      name: c.name ?? name,
      target: targetOf(c, null),
      answer: created,
      start: { initial: c, pollAfterMs: created.operation?.poll_after_ms ?? undefined },
      verb: 'created',
    },
    flags,
  );
};
