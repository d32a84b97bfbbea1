// `registry repos delete <repo> [--force] [--yes]`: deletes a repository and every tag in it.
import { arg, defineCommand } from '../../../cli/command.js';
import { RegistryApi } from '../../../client/registry.js';
import { deleteOptions, runDelete } from '../delete-flow.js';

export default defineCommand({
  path: ['registry', 'repos', 'delete'],
  description: 'delete an image repository and all its tags (refused while containers run one of them, unless --force)',
  args: [arg('<repo>', "repository name in the project's namespace (web), or its path or id")],
  options: deleteOptions(),
  examples: ['infra registry repos delete old-api', 'infra registry repos delete old-api --yes', 'infra registry repos delete web --force --yes'],
  help: 'Asks to type the repository name on a terminal; --yes without one (exit 2 otherwise, nothing sent). Exit 1 when containers run one of its images: they are listed.',
  run: async (app, { args: [repo], opts }) => {
    const client = await app.client();
    const api = new RegistryApi(client.http);
    return runDelete(
      app,
      {
        name: repo,
        noun: 'repository',
        forceCommand: `infra registry repos delete ${repo} --force --yes`,
        send: (force) => api.deleteRepository(repo, force, { signal: app.ctx.signal }),
      },
      opts,
    );
  },
});
