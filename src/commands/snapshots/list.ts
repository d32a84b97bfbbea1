import type { RecoveryPoint } from '../../client/schemas.js';
import { age } from '../../output/age.js';
import { Footnotes } from '../../output/fit.js';
import { pageQuery, renderList } from '../../output/list.js';
import { actionsText, originLabel, plain, productArg, resourceLabel, sizeBytes, stateOf } from './format.js';
import type { Column } from '../../output/table.js';
import { arg, defineCommand } from '../../cli/command.js';
import { pageOptions } from '../../cli/options.js';
import { humanSize } from '../../output/size.js';

export default defineCommand({
  path: ['snapshots', 'list'],
  description: 'list recovery points (product: vps, cache or database): origin, state, size, protection label, actions',
  args: [arg('<product>', '')],
  options: pageOptions(),
  examples: ['infra snapshots list database', 'infra snapshots list vps --limit 5', 'infra snapshots list cache --json | jq -r \'.[] | select(.state == "available") | .id\''],
  help: 'On a terminal the table fits its width: the reasons of unavailable actions are numbered notes under it, CREATED is an age, long cells are cut between words, and where even that is too wide PROTECTION, then ORIGIN, then SIZE are left out (said on stderr; --wide shows them). Piped, every row is one tab-separated line with every field in full; --json has everything.',
  run: async (app, { args, opts }) => {
    const product = productArg(args[0]);
    const client = await app.client();
    // On a terminal the reasons of unavailable actions are numbered notes under the table, and
    // CREATED an age; piped, every field is in its cell, as sent.
    const terminal = !app.json && !!app.ctx.stdout.isTTY;
    const notes = new Footnotes();
    const now = app.serverNow();
    const columns: Column<RecoveryPoint>[] = [
      { header: 'ID', value: (p) => p.id },
      { header: 'NAME', value: (p) => p.name ?? '', fit: { kind: 'text', min: 11 } },
      { header: 'RESOURCE', value: (p) => resourceLabel(p, product), fit: { kind: 'text', min: 10 } },
      { header: 'ORIGIN', value: (p) => originLabel(p.origin), fit: { kind: 'text', min: 9, priority: 2 } },
      { header: 'STATE', value: stateOf },
      { header: 'SIZE', value: (p) => humanSize(sizeBytes(p)), fit: { priority: 3 } },
      { header: 'PROTECTION', value: (p) => p.protection ?? '', fit: { kind: 'text', min: 11, priority: 1 } },
      { header: 'CREATED', value: (p) => (terminal ? (p.created_at ? age(p.created_at, now) : '') : (p.created_at ?? '')) },
      // The common "restore, restore_to_new, delete" is never cut.
      { header: 'ACTIONS', value: (p) => (terminal ? actionsCell(p.actions, notes) : actionsText(p.actions)), fit: { kind: 'text', min: 31 } },
    ];
    await renderList<RecoveryPoint>(app, client.recovery.points(product, pageQuery(opts)), columns, {
      empty: `no ${product} recovery points in this project`,
      paging: opts,
      footer: (width) => notes.lines(width),
    });
  },
});

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
