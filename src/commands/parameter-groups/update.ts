// PUT replaces `parameters` whole: --parameters gives the new map; --set and --unset change
// single names and are merged with the group's current map first (read just before).
import { resourceArg, choice, defineCommand, list, option } from '../../cli/command.js';
import { UsageError } from '../../cli/errors.js';
import { resolveResource } from '../resource/resolve.js';
import { PARAMETER_GROUPS, parametersOf } from './family.js';
import { lockedOption, parametersOption, resolveParameters, setOption, unsetOption } from './parameters.js';
import { nonEmpty } from '../../cli/options.js';

export default defineCommand({
  path: ['parameter-groups', 'update'],
  description: 'change a parameter group of this project: its settings, name, locked names, default or active flag',
  args: [resourceArg('<id>', 'parameter group id or name', PARAMETER_GROUPS.kind)],
  options: {
    parameters: option('--parameters <json|@file|->', 'replace every setting: a JSON object inline, @file, or - for standard input', parametersOption),
    set: list('--set <name=value>', 'set one parameter, keeping the others (repeatable)', setOption),
    unset: list('--unset <name>', 'remove one parameter, keeping the others (repeatable)', unsetOption),
    name: option('--name <name>', 'new name', nonEmpty('--name')),
    description: option('--description <text>', 'new description'),
    locked: option('--locked <names>', 'replace the locked parameter names (comma-separated; "" unlocks all)', lockedOption),
    isDefault: choice('--default <true|false>', 'whether it is the default group for its engine', ['true', 'false']),
    active: choice('--active <true|false>', 'whether new instances may use it', ['true', 'false']),
  },
  examples: [
    'infra parameter-groups update orders-pg-tuned --set max_connections=300',
    `infra parameter-groups update 5 --parameters '{"max_connections": "250", "work_mem": "32MB"}'`,
    'infra parameter-groups update orders-pg-tuned --unset shared_buffers --locked max_connections',
  ],
  run: async (app, { args: [ref], opts }) => {
    if (opts.parameters && (opts.set.length || opts.unset.length)) throw new UsageError('give either --parameters (the whole map) or --set/--unset (single names), not both');
    const replaced = opts.parameters ? await resolveParameters(app, opts.parameters) : undefined;
    const body: Record<string, unknown> = {};
    if (opts.name) body.name = opts.name;
    if (opts.description !== undefined) body.description = opts.description;
    if (opts.locked) body.locked_parameters = opts.locked;
    if (opts.isDefault) body.is_default = opts.isDefault === 'true';
    if (opts.active) body.is_active = opts.active === 'true';
    if (replaced) body.parameters = replaced;
    if (Object.keys(body).length === 0 && !opts.set.length && !opts.unset.length)
      throw new UsageError('nothing to update', 'give --parameters, --set, --unset, --name, --description, --locked, --default or --active');
    const { client, id, before } = await resolveResource(app, PARAMETER_GROUPS, ref);
    if (opts.set.length || opts.unset.length) {
      const merged: Record<string, unknown> = { ...parametersOf(before), ...Object.fromEntries(opts.set) };
      for (const k of opts.unset) delete merged[k];
      body.parameters = merged;
    }
    const updated = await client.resources.update(PARAMETER_GROUPS.kind, id, body, { signal: app.ctx.signal });
    if (app.json) return app.printJson(updated.raw);
    app.info(`updated parameter group ${updated.value.name ?? ref} (id ${id})`);
  },
});
