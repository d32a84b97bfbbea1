import { resourceArg, defineCommand, flag } from '../../cli/command.js';
import { CONTAINERS } from '../../client/families.js';
import { canPrompt, confirmByName, needConfirmation } from '../resource/confirm.js';

export default defineCommand({
  path: ['serverless', 'delete'],
  description: 'delete a container (asks to type its name on a terminal; --yes otherwise, and always when CI is set)',
  args: [resourceArg('<id>', 'container id, name or slug', CONTAINERS)],
  options: { yes: flag('-y, --yes', 'delete without asking') },
  examples: ['infra serverless delete web', 'infra serverless delete web --yes'],
  run: async (app, { args, opts }) => {
    const ref = args[0];
    needConfirmation(app, `delete ${ref}`, opts.yes);
    const client = await app.client();
    const resolved = await client.serverless.resolve(ref, { signal: app.ctx.signal });
    const id = resolved.id;
    let name = resolved.item?.name ?? (ref === id ? undefined : ref);
    if (!opts.yes && canPrompt(app)) {
      const { container: c } = await client.serverless.get(id, { signal: app.ctx.signal });
      name = c.name ?? id;
      // Typing the name (as GitHub asks for a repository) guards against the wrong id in history.
      await confirmByName(app, `Delete container ${name} (id ${id}) and its revisions? This cannot be undone.`, name, opts.yes);
    }
    await client.serverless.delete(id, { signal: app.ctx.signal });
    if (app.json) app.printJson({ id, ...(name ? { name } : {}), deleted: true });
    app.info(`deleted ${name ? `${name} (id ${id})` : `container ${id}`}`);
  },
});
