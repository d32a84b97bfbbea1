// `registry tags list <repo>`: the tags of a repository, newest push first (GET
// /registry/repositories/{repo}/tags: not paginated).
import { arg, defineCommand } from '../../../cli/command.js';
import { wideOption } from '../../../cli/options.js';
import { RegistryApi, type RegistryTag } from '../../../client/registry.js';
import { ExitCode } from '../../../shared/exit-codes.js';
import { shortDigest } from '../format.js';
import { humanSize } from '../../../output/size.js';
import { TIMESTAMP_FIT } from '../../../output/fit.js';

export default defineCommand({
  path: ['registry', 'tags', 'list'],
  description: 'list the tags of an image repository: digest, size, when pushed',
  args: [arg('<repo>', "repository name in the project's namespace (web), or its path or id")],
  options: wideOption(),
  examples: ['infra registry tags list web', "infra registry tags list web --json | jq -r '.[].tag'"],
  run: async (app, { args: [repo] }) => {
    const client = await app.client();
    const { value: tags, raw } = await new RegistryApi(client.http).tags(repo, { signal: app.ctx.signal });
    if (app.json) {
      app.printJson(raw);
      return ExitCode.OK;
    }
    if (tags.length === 0) {
      app.info(`${repo} has no tags`);
      return ExitCode.OK;
    }
    const sorted = [...tags].sort((a, b) => (b.pushed_at ?? '').localeCompare(a.pushed_at ?? ''));
    const table = app.table<RegistryTag>([
      { header: 'TAG', value: (t) => t.tag },
      // Shortened on a terminal only: piped rows keep every field whole (a digest is pulled by).
      { header: 'DIGEST', value: (t) => (app.ctx.stdout.isTTY ? shortDigest(t.digest) : (t.digest ?? '')) },
      { header: 'SIZE', value: (t) => humanSize(t.bytes_size) },
      { header: 'PUSHED', value: (t) => t.pushed_at ?? '', fit: { ...TIMESTAMP_FIT, priority: 1 } },
    ]);
    table.add(sorted);
    await table.end();
    return ExitCode.OK;
  },
});
