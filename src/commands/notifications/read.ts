// `infra notifications read <id...>` marks notifications read (PATCH /notifications/{id}/read,
// one request each); `infra notifications read-all` marks every one (POST .../mark-all-read).
import { arg, defineCommand } from '../../cli/command.js';
import { UsageError } from '../../cli/errors.js';

/** A notification id as the API shows them (UUIDs); anything else is refused before a request. */
export function notificationId(id: string): string {
  if (!/^[0-9A-Za-z-]{1,64}$/.test(id)) throw new UsageError(`"${id}" is not a notification id`, "'infra notifications list' shows their ids");
  return id;
}

export const readCommand = defineCommand({
  path: ['notifications', 'read'],
  description: 'mark notifications as read, by id',
  args: [arg('<id...>', 'notification ids (infra notifications list shows them)')],
  examples: ['infra notifications read 6f1c0d2e-0001-4a5b-8c9d-000000000001', "infra notifications list --unread --json | jq -r '.data[].id' | xargs infra notifications read"],
  run: async (app, { args: [ids] }) => {
    const checked = ids.map(notificationId);
    const client = await app.client();
    const answers = [];
    for (const id of checked) {
      const res = await client.http.request('PATCH', `/notifications/${encodeURIComponent(id)}/read`, { signal: app.ctx.signal, optionalBody: true });
      answers.push(res.raw);
      app.info(`marked ${id} as read`);
    }
    if (app.json) app.printJson(answers);
  },
});

export const readAllCommand = defineCommand({
  path: ['notifications', 'read-all'],
  description: 'mark every notification as read',
  examples: ['infra notifications read-all', 'infra notifications read-all --json'],
  run: async (app) => {
    const client = await app.client();
    const res = await client.http.request('POST', '/notifications/mark-all-read', { signal: app.ctx.signal, optionalBody: true });
    const count = (res.raw as { count?: unknown } | null)?.count;
    if (app.json) app.printJson(res.raw);
    else app.info(typeof count === 'number' ? `marked ${count} notification${count === 1 ? '' : 's'} as read` : 'marked every notification as read');
  },
});

export const deleteCommand = defineCommand({
  path: ['notifications', 'delete'],
  description: 'delete notifications, by id',
  args: [arg('<id...>', 'notification ids')],
  examples: ['infra notifications delete 6f1c0d2e-0003-4a5b-8c9d-000000000003'],
  run: async (app, { args: [ids] }) => {
    const checked = ids.map(notificationId);
    const client = await app.client();
    for (const id of checked) {
      await client.http.request('DELETE', `/notifications/${encodeURIComponent(id)}`, { signal: app.ctx.signal, optionalBody: true });
      app.info(`deleted notification ${id}`);
    }
    if (app.json) app.printJson({ deleted: checked });
  },
});
