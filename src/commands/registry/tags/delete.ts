// `registry tags delete <repo> <tag> [--force] [--yes]`: deletes one tag.
import { arg, defineCommand } from '../../../cli/command.js';
import { RegistryApi } from '../../../client/registry.js';
import { deleteOptions, runDelete } from '../delete-flow.js';

export default defineCommand({
  path: ['registry', 'tags', 'delete'],
  description: 'delete one tag of a repository (refused while containers run it, unless --force)',
  args: [arg('<repo>', "repository name in the project's namespace (web), or its path or id"), arg('<tag>', 'the tag, e.g. 1.3.0')],
  options: deleteOptions(),
  examples: ['infra registry tags delete web 1.0.0 --yes', 'infra registry tags delete web 1.2.0 --force --yes'],
  help: 'Asks to type repo:tag on a terminal; --yes without one (exit 2 otherwise, nothing sent). Exit 1 when containers run the tag: they are listed, with the command that deletes it anyway.',
  run: async (app, { args: [repo, tag], opts }) => {
    const client = await app.client();
    const api = new RegistryApi(client.http);
    return runDelete(
      app,
      {
        name: `${repo}:${tag}`,
        noun: 'tag',
        forceCommand: `infra registry tags delete ${repo} ${tag} --force --yes`,
        send: (force) => api.deleteTag(repo, tag, force, { signal: app.ctx.signal }),
      },
      opts,
    );
  },
});
