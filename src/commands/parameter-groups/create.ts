import { InvalidArgumentError } from 'commander';
import { defineCommand, flag, option, required, withChoices } from '../../cli/command.js';
import { nonEmpty } from '../../cli/options.js';
import { PARAMETER_GROUPS } from './family.js';
import { lockedOption, parametersOption, resolveParameters } from './parameters.js';

const TYPES = ['cache', 'database', 'queue'] as const;

function typeOption(value: string): (typeof TYPES)[number] {
  const t = TYPES.find((x) => x === value);
  if (!t) throw new InvalidArgumentError(`--type must be one of ${TYPES.join(', ')}.`);
  return t;
}

export default defineCommand({
  path: ['parameter-groups', 'create'],
  description: 'create a parameter group: engine settings that databases, caches or queues can use',
  options: {
    name: required('--name <name>', 'name of the group', nonEmpty('--name')),
    type: withChoices(required('--type <type>', 'what it configures', typeOption), TYPES),
    provider: required('--provider <engine>', 'the engine it is for: postgresql, mysql, mariadb, redis, valkey, dragonfly, rabbitmq', nonEmpty('--provider')),
    parameters: required('--parameters <json|@file|->', 'the settings, a JSON object: inline, @file to read a file, - to read standard input', parametersOption),
    family: option('--family <family>', 'engine family and major version, e.g. postgresql16', nonEmpty('--family')),
    description: option('--description <text>', 'what the group is for'),
    locked: option('--locked <names>', 'parameter names that cannot be changed later, separated by commas', lockedOption),
    isDefault: flag('--default', 'make it the default group for its engine in this project'),
  },
  examples: [
    `infra parameter-groups create --name analytics-pg --type database --provider postgresql --family postgresql16 --parameters '{"work_mem": "64MB"}'`,
    'infra parameter-groups create --name jobs-rabbit-tuned --type queue --provider rabbitmq --parameters @rabbit.json --locked channel_max',
    `printf '{"maxmemory-policy": "allkeys-lru"}' | infra parameter-groups create --name lru --type cache --provider redis --parameters -`,
  ],
  run: async (app, { opts }) => {
    // Standard input is read (and checked) before anything is sent.
    const parameters = await resolveParameters(app, opts.parameters);
    const body: Record<string, unknown> = { name: opts.name, type: opts.type, provider_type: opts.provider, parameters };
    if (opts.family) body.family = opts.family;
    if (opts.description !== undefined) body.description = opts.description;
    if (opts.locked) body.locked_parameters = opts.locked;
    if (opts.isDefault) body.is_default = true;
    const client = await app.client();
    const created = await client.resources.create(PARAMETER_GROUPS.kind, body, { signal: app.ctx.signal });
    if (app.json) return app.printJson(created.raw);
    app.print(created.value.id);
    app.info(`created parameter group ${created.value.name ?? opts.name} (id ${created.value.id})`);
  },
});
