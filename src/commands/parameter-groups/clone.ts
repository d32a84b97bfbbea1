// A copy of any group the project sees (a system group's is the way to change platform
// defaults) in this project; synchronous, so the new id is printed at once.
import { resourceArg, defineCommand, option } from '../../cli/command.js';
import { Resource } from '../../client/resources.js';
import { need } from '../../client/wire.js';
import { PARAMETER_GROUPS, SYSTEM_EXAMPLE } from './family.js';
import { nonEmpty } from '../../cli/options.js';

export default defineCommand({
  path: ['parameter-groups', 'clone'],
  description: 'copy a parameter group (a system one included) into this project; prints the new id',
  args: [resourceArg('<id>', 'parameter group id or name to copy', PARAMETER_GROUPS.kind)],
  options: { name: option('--name <name>', 'name of the copy (default: the API\'s "<name> (copy)")', nonEmpty('--name')) },
  examples: [`infra parameter-groups clone ${SYSTEM_EXAMPLE.name} --name orders-pg-v2`, `infra parameter-groups clone ${SYSTEM_EXAMPLE.id} --json`],
  run: async (app, { args: [ref], opts }) => {
    const client = await app.client();
    const id = (await client.resources.resolve(PARAMETER_GROUPS.kind, ref, { signal: app.ctx.signal })).id;
    const cloned = await client.resources.action(PARAMETER_GROUPS.kind, id, 'clone', opts.name ? { name: opts.name } : {}, { signal: app.ctx.signal });
    const raw = cloned.raw.parameter_group;
    const parsed = Resource.safeParse(raw);
    const copy = need(parsed.success ? parsed.data : undefined, `POST /api/v1${PARAMETER_GROUPS.kind.path}/${id}/clone`, 'parameter_group');
    if (app.json) return app.printJson(raw);
    app.print(copy.id);
    app.info(`cloned ${ref} into ${copy.name ?? 'a new group'} (id ${copy.id})`);
  },
});
