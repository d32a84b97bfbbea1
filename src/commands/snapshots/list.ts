import type { App } from '../../cli/app.js';
import type { PageInfo } from '../../client/paginate.js';
import type { RecoveryProduct } from '../../client/recovery.js';
import type { RecoveryPoint } from '../../client/schemas.js';
import { age } from '../../output/age.js';
import { DEFAULT_WIDTH, fitColumns, Footnotes, truncate, type FitColumn } from '../../output/fit.js';
import { pageQuery, renderList } from '../../output/list.js';
import { actionsText, originLabel, plain, productArg, resourceLabel, sizeBytes, stateOf } from './format.js';
import { arg, defineCommand } from '../../cli/command.js';
import { pageOptions } from '../../cli/options.js';
import { humanSize } from '../../output/size.js';

type PageOpts = { page?: number; perPage?: number; all: boolean };

export default defineCommand({
  path: ['snapshots', 'list'],
  description: 'list recovery points (product: vps, cache or database): origin, state, size, protection label, actions',
  args: [arg('<product>', '')],
  options: pageOptions(),
  examples: ['infra snapshots list database', 'infra snapshots list vps --limit 5', 'infra snapshots list cache --json | jq -r \'.[] | select(.state == "available") | .id\''],
  help: "On a terminal the table fits its width: the reasons of unavailable actions are numbered notes under it, long cells are cut between words, and where even that is too wide PROTECTION, then ORIGIN, then SIZE are left out (said on stderr). Piped, every row is one tab-separated line with every field in full; --json has everything.",
  run: async (app, { args, opts }) => {
    const product = productArg(args[0]);
    const client = await app.client();
    const pages = client.recovery.points(product, pageQuery(opts));
    if (!app.json && app.ctx.stdout.isTTY) return fittedTable(app, pages, product, opts);
    await renderList<RecoveryPoint>(
      app,
      pages,
      [
        { header: 'ID', value: (p) => p.id },
        { header: 'NAME', value: (p) => p.name ?? '' },
        { header: 'RESOURCE', value: (p) => resourceLabel(p, product) },
        { header: 'ORIGIN', value: (p) => originLabel(p.origin) },
        { header: 'STATE', value: stateOf },
        { header: 'SIZE', value: (p) => humanSize(sizeBytes(p)) },
        { header: 'PROTECTION', value: (p) => p.protection ?? '' },
        { header: 'CREATED', value: (p) => p.created_at ?? '' },
        { header: 'ACTIONS', value: (p) => actionsText(p.actions) },
      ],
      { empty: `no ${product} recovery points in this project`, paging: opts },
    );
  },
});

/** The terminal's columns: which may be cut (min) and which left out first (drop). */
const FIT: FitColumn[] = [
  { header: 'ID' },
  { header: 'NAME', min: 11 },
  { header: 'RESOURCE', min: 10 },
  { header: 'ORIGIN', min: 9, drop: 2 },
  { header: 'STATE' },
  { header: 'SIZE', drop: 3 },
  { header: 'PROTECTION', min: 11, drop: 1 },
  { header: 'CREATED' },
  // The common "restore, restore_to_new, delete" is never cut.
  { header: 'ACTIONS', min: 31 },
];

/** The available actions, then a note mark for each reason the others are unavailable. */
export function actionsCell(actions: RecoveryPoint['actions'], notes: Footnotes): string {
  if (!actions?.length) return '';
  const on = actions.filter((a) => a.available).map((a) => a.name);
  const byReason = new Map<string, string[]>();
  for (const a of actions.filter((x) => !x.available)) {
    const reason = a.reason ? plain(a.reason) : '';
    byReason.set(reason, [...(byReason.get(reason) ?? []), a.name]);
  }
  const marks = [...byReason].map(([reason, names]) => notes.mark(`${names.join(', ')} unavailable${reason ? `: ${reason}` : ''}`));
  return [on.join(', '), marks.join('')].filter(Boolean).join(' ');
}

/** The list on a terminal: every row read first, so the widths and the notes cover them all. */
async function fittedTable(app: App, pages: AsyncIterable<{ items: RecoveryPoint[]; pagination: PageInfo }>, product: RecoveryProduct, opts: PageOpts): Promise<void> {
  const width = app.ctx.stdout.columns || DEFAULT_WIDTH;
  const notes = new Footnotes();
  const now = app.serverNow();
  const rows: string[][] = [];
  let last: PageInfo | undefined;
  for await (const page of pages) {
    for (const p of page.items)
      rows.push([
        p.id,
        p.name ?? '',
        resourceLabel(p, product),
        originLabel(p.origin),
        stateOf(p),
        humanSize(sizeBytes(p)),
        p.protection ?? '',
        p.created_at ? age(p.created_at, now) : '',
        actionsCell(p.actions, notes),
      ]);
    last = page.pagination;
  }
  if (rows.length === 0) return app.info(`no ${product} recovery points in this project`);
  const fit = fitColumns(FIT, rows, width);
  const shown = FIT.map((c, i) => [c, i, fit.widths[i]] as const).filter((x): x is readonly [FitColumn, number, number] => x[2] !== undefined);
  const table = app.table<string[]>(shown.map(([c, i, w]) => ({ header: c.header, value: (r: string[]) => truncate(r[i]!, w) })));
  table.add(rows);
  await table.end();
  if (notes.size) app.print(['', ...notes.lines(width)].join('\n'));
  if (fit.dropped.length) app.hint(`${fit.dropped.join(', ')} left out to fit ${width} columns; --json shows them`);
  if (!opts.all && last && last.current_page < last.last_page)
    app.hint(`page ${last.current_page} of ${last.last_page} (${last.total} in all): --page N for another, --all for every page`);
}
