// `registry repos show <repo>`: one repository (GET /registry/repositories/{repo}).
import { arg, defineCommand } from '../../../cli/command.js';
import { RegistryApi } from '../../../client/registry.js';
import { ExitCode } from '../../../shared/exit-codes.js';
import { humanSize } from '../../../output/size.js';

export default defineCommand({
  path: ['registry', 'repos', 'show'],
  description: 'show one image repository: size, tag count, retention, last push',
  args: [arg('<repo>', "repository name in the project's namespace (web), or its path or id")],
  examples: ['infra registry repos show web', 'infra registry repos show web --json'],
  run: async (app, { args: [repo] }) => {
    const client = await app.client();
    const { value: r, raw } = await new RegistryApi(client.http).repository(repo, { signal: app.ctx.signal });
    if (app.json) {
      app.printJson(raw);
      return ExitCode.OK;
    }
    const keep = r.keep_last_tags ?? undefined;
    app.keyValue([
      ['Path', r.path ?? undefined],
      ['ID', r.id],
      ['Tags', r.tag_count === undefined || r.tag_count === null ? undefined : String(r.tag_count)],
      ['Size', humanSize(r.bytes_used) || undefined],
      [
        'Keeps',
        r.effective_keep_last_tags === undefined || r.effective_keep_last_tags === null ? undefined : `the last ${r.effective_keep_last_tags} tags${keep === undefined ? ' (the default)' : ''}`,
      ],
      ['Last push', r.last_push_at ?? undefined],
      ['Created', r.created_at ?? undefined],
    ]);
    app.hint(`its tags: infra registry tags list ${repo}`);
    return ExitCode.OK;
  },
});
