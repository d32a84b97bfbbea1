import { UsageError } from '../../cli/errors.js';
import type { ContainerChange } from '../../client/serverless.js';
import { applyEnv, envEdits, preflightOption, slugFrom, slugOption, specFields, specOptions, waitFlags, waitOptions } from './flags.js';
import { preflightGate } from './preflight-check.js';
import { warnUnreported } from './settings.js';
import { afterChange, createTarget } from '../kit/wait/container-flow.js';
import { defineCommand, option, required } from '../../cli/command.js';
import { runtimeFields, runtimeOptions, sourceFields, sourceOptions } from './source-flags.js';
import { nonEmpty } from '../../cli/options.js';

/** What a create sends when a flag is not given (the API requires each of them). */
export const CREATE_DEFAULTS = { port: 8080, resource_profile: 'small', min_scale: 0, max_scale: 3 } as const;

export default defineCommand({
  path: ['serverless', 'create'],
  description: 'create a container and roll out its first revision',
  options: {
    name: required('--name <name>', 'container name (the slug is derived from it unless --slug is given)', nonEmpty('--name')),
    image: option('--image <ref>', 'image reference, e.g. registry.example.com/team/app:1.0 (sent as image and image_tag; no tag means latest); or --repo', nonEmpty('--image')),
    ...sourceOptions(),
    ...runtimeOptions(),
    slug: option('--slug <slug>', 'URL-safe identifier (default: derived from the name)', slugOption),
    ...specOptions(),
    ...preflightOption(),
    ...waitOptions(),
  },
  examples: [
    'infra serverless create --name web --image registry.example.com/acme/web:1.0 --port 8080 --wait',
    'infra serverless create --name api --image ghcr.io/acme/api:2.3 --env LOG_LEVEL=info --env REGION=eu --min 1 --max 5',
    'infra serverless create --name web --image ghcr.io/acme/web:1.0 --initial-scale 1 --scale-down-delay 30s --build-cache',
    'id=$(infra serverless create --name worker --slug worker-eu --image ghcr.io/acme/worker:1.0)',
    'infra serverless create --name api --repo https://github.com/acme/api.git --branch release --context-path services/api --health-check-path /healthz',
    'infra serverless create --name site --repo git@github.com:acme/site.git --source-type buildpack',
    'infra serverless create --name shop --image registry.sim.local/acme/shop:1.0 --preflight --wait --progress json',
  ],
  run: async (app, { opts }) => {
    const flags = waitFlags(opts);
    const name = opts.name;
    const slug = opts.slug ?? slugFrom(name);
    if (!slug) throw new UsageError(`cannot derive a slug from the name "${name}"`, 'give one with --slug (lowercase letters, digits and hyphens)');
    const source = sourceFields(opts);
    const spec = specFields(opts);
    const change: ContainerChange = { name, slug, deployment_type: 'docker_image', ...CREATE_DEFAULTS, ...spec, ...source, ...runtimeFields(opts) };
    if (change.min_scale! > change.max_scale!)
      throw new UsageError(`--min ${change.min_scale} is greater than the maximum scale ${change.max_scale}`, `give --max as well (the default maximum is ${CREATE_DEFAULTS.max_scale})`);
    const edits = envEdits(opts);
    if (edits.set.length) change.environment_variables = applyEnv({}, edits);
    const client = await app.client();
    if (opts.preflight && change.image === undefined) app.info('preflight: nothing to check, the image is built from the repository');
    else if (opts.preflight) await preflightGate(app, client, [`${change.image}:${change.image_tag}`]);
    const created = await client.serverless.create(change, { signal: app.ctx.signal });
    const c = created.container;
    warnUnreported(app, change, created.raw, c.name ?? name, c.id);
    // Data on stdout: the new id, for `id=$(infra serverless create ...)`; the rest is on stderr.
    if (!app.json) app.print(c.id);
    return afterChange(
      app,
      client,
      {
        id: c.id,
        name: c.name ?? name,
        target: createTarget(c),
        answer: created,
        start: { initial: c, pollAfterMs: created.operation?.poll_after_ms ?? undefined },
        verb: 'created',
      },
      flags,
    );
  },
});
