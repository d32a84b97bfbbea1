// Deleting a parameter group takes effect at once (nothing to wait for). The API refuses
// system groups and groups still attached to an instance (422 `{error}`: exit 1, its words).
import { resourceArg, defineCommand, flag } from '../../cli/command.js';
import { confirmByName, needConfirmation } from '../resource/confirm.js';
import { resolveResource } from '../resource/resolve.js';
import { PARAMETER_GROUPS } from './family.js';

export default defineCommand({
  path: ['parameter-groups', 'delete'],
  description: 'delete a parameter group of this project (asks to type its name on a terminal; --yes otherwise)',
  args: [resourceArg('<id>', 'parameter group id or name', PARAMETER_GROUPS.kind)],
  options: { yes: flag('-y, --yes', 'delete without asking') },
  examples: ['infra parameter-groups delete orders-pg-tuned', 'infra parameter-groups delete 5 --yes --json'],
  run: async (app, { args: [ref], opts }) => {
    needConfirmation(app, `delete ${ref}`, opts.yes);
    const { client, id, name } = await resolveResource(app, PARAMETER_GROUPS, ref);
    await confirmByName(app, `Delete parameter group ${name} (id ${id})? Instances can no longer be given it.`, name, opts.yes);
    const accepted = await client.resources.delete(PARAMETER_GROUPS.kind, id, { signal: app.ctx.signal });
    if (app.json) return app.printJson({ id, name, deleted: true, ...accepted.raw });
    app.info(`deleted parameter group ${name} (id ${id})`);
  },
});
