import { defineCommand, type CommandDef } from '../../cli/command.js';
import { pageOptions } from '../../cli/options.js';
import { pageQuery, renderList } from '../../output/list.js';
import type { FamilySpec, Item } from './family.js';

export function listCommand(spec: FamilySpec, extraExamples: string[] = []): CommandDef {
  return defineCommand({
    path: [...spec.command.split(' '), 'list'],
    description: `list ${spec.label}s`,
    options: pageOptions(),
    examples: [`infra ${spec.command} list`, `infra ${spec.command} list --json | jq -r '.[].name'`, ...extraExamples],
    run: async (app, { opts }) => {
      const client = await app.client();
      await renderList<Item>(
        app,
        client.resources.pages(spec.kind, pageQuery(opts)) as AsyncIterable<{
          items: Item[];
          raw: unknown[];
          pagination: { current_page: number; last_page: number; per_page: number; total: number };
        }>,
        spec.columns,
        {
          empty: `no ${spec.label}s in this project`,
          paging: opts,
        },
      );
    },
  });
}
