import { CliError, UsageError } from '../../cli/errors.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { arg, defineCommand, flag } from '../../cli/command.js';

export default defineCommand({
  path: ['serverless', 'delete'],
  description: 'delete a container (asks to type its name on a terminal; --yes otherwise)',
  args: [arg('<id>', 'container id, name or slug')],
  options: { yes: flag('-y, --yes', 'delete without asking') },
  examples: ['infra serverless delete web', 'infra serverless delete web --yes'],
  run: async (app, { args, opts }) => {
    const ref = args[0];
    const prompter = app.ctx.stdin.isTTY ? app.ctx.prompter : undefined;
    if (!opts.yes && !prompter)
      throw new UsageError(`refusing to delete ${ref} without confirmation`, 'there is no terminal to ask on: pass --yes to delete without a prompt');
    const client = await app.client();
    const resolved = await client.serverless.resolve(ref, { signal: app.ctx.signal });
    const id = resolved.id;
    let name = resolved.item?.name ?? (ref === id ? undefined : ref);
    if (!opts.yes && prompter) {
      const { container: c } = await client.serverless.get(id, { signal: app.ctx.signal });
      name = c.name ?? id;
      // Typing the name (as GitHub asks for a repository) guards against the wrong id in history.
      const answer = await prompter.text(`Delete container ${name} (id ${id}) and its revisions? This cannot be undone. Type its name to confirm: `);
      if (answer.trim() !== name) throw new CliError(ExitCode.FAILED, `not deleted: "${answer.trim()}" is not ${name}`);
    }
    await client.serverless.delete(id, { signal: app.ctx.signal });
    if (app.json) app.printJson({ id, ...(name ? { name } : {}), deleted: true });
    app.info(`deleted ${name ? `${name} (id ${id})` : `container ${id}`}`);
  },
});
