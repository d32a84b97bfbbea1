// `infra notifications [list]`: the account's notifications, unread first, with the unread
// count in the footer. `infra notifications` alone lists them too.
import { choice, defineCommand, flag, option, type CommandDef } from '../../cli/command.js';
import { intOption, wideOption } from '../../cli/options.js';
import { TIMESTAMP_FIT } from '../../output/fit.js';
import { CATEGORIES, isUnread, listNotifications, MAX_PER_PAGE, titleOf, type Notification } from './api.js';

export function listCommand(path: string[]): CommandDef {
  return defineCommand({
    path,
    description: 'list notifications, unread first, with the unread count (infra notifications alone does the same)',
    options: {
      unread: flag('--unread', 'only the unread ones'),
      category: choice('--category <category>', 'only this category (e.g. resource_failed, new_login)', CATEGORIES),
      limit: option('--limit <n>', `at most this many (default 50, at most ${MAX_PER_PAGE})`, intOption('--limit', 1, MAX_PER_PAGE)),
      ...wideOption(),
    },
    examples: ['infra notifications', 'infra notifications list --unread', "infra notifications list --json | jq -r '.data[] | select(.read_at == null) | .id'"],
    run: async (app, { opts }) => {
      const client = await app.client();
      const { items, raw, unread, total } = await listNotifications(app, client, { unread: opts.unread, category: opts.category, limit: opts.limit ?? 50 });
      if (app.json) {
        app.printJson(raw);
        return;
      }
      if (items.length === 0) {
        app.info(opts.unread ? 'no unread notifications' : 'no notifications');
        return;
      }
      const shown = total !== undefined && total > items.length ? `; ${items.length} of ${total} shown (--limit)` : '';
      const count = `${unread ?? items.filter(isUnread).length} unread${shown}`;
      const table = app.table<Notification>(
        [
          { header: 'ID', value: (n) => String(n.id ?? ''), fit: { kind: 'id' } },
          { header: 'STATE', value: (n) => (isUnread(n) ? 'unread' : 'read') },
          { header: 'SEVERITY', value: (n) => String(n.severity ?? ''), fit: { priority: 2 } },
          { header: 'CATEGORY', value: (n) => String(n.category ?? ''), fit: { priority: 1 } },
          { header: 'CREATED', value: (n) => String(n.created_at ?? ''), fit: { ...TIMESTAMP_FIT, priority: 3 } },
          { header: 'TITLE', value: titleOf, fit: { kind: 'text', min: 16 } },
        ],
        { footer: () => [count] },
      );
      table.add(items);
      await table.end();
      // Piped, the table is TSV with no footer: the count goes to stderr, beside the data.
      if (!app.ctx.stdout.isTTY) app.info(count);
    },
  });
}

export default listCommand(['notifications', 'list']);
