// `infra notifications count`: GET /notifications/unread-count, the number alone on stdout
// (for a prompt or a status bar).
import { defineCommand } from '../../cli/command.js';
import { ResponseShapeError } from '../../client/errors.js';

export default defineCommand({
  path: ['notifications', 'count'],
  description: 'print how many notifications are unread (the number alone)',
  examples: ['infra notifications count', 'test "$(infra notifications count)" -eq 0 || infra notifications list --unread'],
  run: async (app) => {
    const client = await app.client();
    const res = await client.http.get('/notifications/unread-count', { signal: app.ctx.signal });
    const count = (res.raw as { count?: unknown } | null)?.count;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0)
      throw new ResponseShapeError('the response of GET /api/v1/notifications/unread-count lacks a whole "count"', res.status, 'GET /api/v1/notifications/unread-count', 'count');
    if (app.json) app.printJson(res.raw);
    else app.print(String(count));
  },
});
