import type { CommandRun } from '../../cli/app.js';
import { CliError, UsageError } from '../../cli/errors.js';

export const run: CommandRun = async (app, { args, opts }) => {
  const ref = String(args[0]);
  const prompter = app.ctx.stdin.isTTY ? app.ctx.prompter : undefined;
  if (opts.yes !== true && !prompter)
    throw new UsageError(`refusing to delete ${ref} without confirmation`, 'there is no terminal to ask on: pass --yes to delete without a prompt');
  const client = await app.client();
  const id = await client.serverless.resolveId(ref);
  let name = ref === id ? undefined : ref;
  if (opts.yes !== true && prompter) {
    const c = await client.serverless.get(id);
    name = c.name;
    // Typing the name (as GitHub asks for a repository) guards against the wrong id in history.
    const answer = await prompter.text(`Delete container ${c.name} (id ${c.id}) and its revisions? This cannot be undone. Type its name to confirm: `);
    if (answer.trim() !== c.name) throw new CliError(1, `not deleted: "${answer.trim()}" is not ${c.name}`);
  }
  await client.serverless.delete(id);
  if (app.json) app.printJson({ id: Number(id), ...(name ? { name } : {}), deleted: true });
  app.info(`deleted ${name ? `${name} (id ${id})` : `container ${id}`}`);
};
