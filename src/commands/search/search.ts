// `infra search <text>`: GET /resources/search?q= — every product's resources whose name
// matches, as a table of kind, name, id and the command that shows one.
import { arg, defineCommand } from '../../cli/command.js';
import { UsageError } from '../../cli/errors.js';
import { wideOption } from '../../cli/options.js';
import { searchResources, type Found, MAX_RESULTS } from '../../client/search.js';

/** The command that shows a result, when infra knows its product. */
export function showCommand(f: Found): string {
  const ref = f.name ?? f.id;
  return f.type && ref ? `infra ${f.type.command} get ${/^[\w.@:-]+$/.test(ref) ? ref : `'${ref.replace(/'/g, "'\\''")}'`}` : '';
}

export default defineCommand({
  path: ['search'],
  description: 'find resources of every product by name (databases, containers, VPS, clusters...) and the command that shows each',
  args: [arg('<text>', 'part of a name (at least 2 characters)')],
  options: wideOption(),
  examples: ['infra search orders', 'infra search prod --json | jq -r \'.results[] | "\\(.type) \\(.id)"\''],
  run: async (app, { args: [text] }) => {
    const q = text.trim();
    if (q.length < 2) throw new UsageError('search needs at least 2 characters', 'e.g. infra search orders');
    const client = await app.client();
    const { found, raw, truncated } = await searchResources(client.http, q, app.ctx.signal);
    if (app.json) {
      app.printJson(raw);
      return;
    }
    if (found.length === 0) {
      app.info(`nothing in this project matches "${q}"`);
      return;
    }
    const table = app.table<Found>([
      { header: 'KIND', value: (f) => f.kind ?? '' },
      { header: 'NAME', value: (f) => f.name ?? '' },
      { header: 'ID', value: (f) => f.id ?? '', fit: { kind: 'id' } },
      { header: 'SEE', value: showCommand, fit: { kind: 'text', min: 16, priority: 1 } },
    ]);
    table.add(found);
    await table.end();
    if (truncated) app.warn(`the API sent more than ${MAX_RESULTS} results; only the first ${MAX_RESULTS} are shown: narrow the search`);
  },
});
