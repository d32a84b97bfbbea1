import { defineCommand } from '../../cli/command.js';

export default defineCommand({
  path: ['webhooks', 'config', 'get'],
  description: "show where the project's event notifications go, whether they are on, and whether a signing secret exists",
  examples: ['infra webhooks config get', 'infra webhooks config get --json'],
  run: async (app) => {
    const client = await app.client();
    const { value, raw } = await client.webhooks.config({ signal: app.ctx.signal });
    if (app.json) return app.printJson(raw);
    app.keyValue([
      ['URL', value.webhook_url ?? 'not set'],
      ['Enabled', value.webhook_enabled === undefined || value.webhook_enabled === null ? undefined : value.webhook_enabled ? 'yes' : 'no'],
      // The API never shows the secret again after creating it.
      ['Secret', value.has_secret === undefined || value.has_secret === null ? undefined : value.has_secret ? 'set (shown only when created or regenerated)' : 'none'],
    ]);
  },
});
