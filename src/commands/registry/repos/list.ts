// `registry repos list`: the project's repositories (GET /registry/repositories, paginated).
import { defineCommand } from '../../../cli/command.js';
import { pageOptions } from '../../../cli/options.js';
import { RegistryApi, type RegistryRepository } from '../../../client/registry.js';
import { pageQuery, renderList } from '../../../output/list.js';
import { humanSize } from '../../../output/size.js';
import { TIMESTAMP_FIT } from '../../../output/fit.js';

export default defineCommand({
  path: ['registry', 'repos', 'list'],
  description: "list the project's image repositories: tags, size, last push",
  options: pageOptions(),
  examples: ['infra registry repos list', "infra registry repos list --json | jq -r '.[].path'"],
  run: async (app, { opts }) => {
    const client = await app.client();
    await renderList<RegistryRepository>(
      app,
      new RegistryApi(client.http).repositories({ ...pageQuery(opts), signal: app.ctx.signal }),
      [
        { header: 'PATH', value: (r) => r.path ?? '' },
        { header: 'TAGS', value: (r) => (r.tag_count === undefined || r.tag_count === null ? '' : String(r.tag_count)) },
        { header: 'SIZE', value: (r) => humanSize(r.bytes_used) },
        { header: 'KEEP', value: (r) => (r.effective_keep_last_tags === undefined || r.effective_keep_last_tags === null ? '' : `last ${r.effective_keep_last_tags}`), fit: { priority: 2 } },
        { header: 'LAST PUSH', value: (r) => r.last_push_at ?? '', fit: { ...TIMESTAMP_FIT, priority: 3 } },
        { header: 'ID', value: (r) => r.id, fit: { priority: 1 } },
      ],
      { empty: 'this project has no image repositories yet', paging: opts },
    );
  },
});
