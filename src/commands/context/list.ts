// `context list`: every context, the one in use marked *, `token: stored/none` in place of a token.
import { defineCommand } from '../../cli/command.js';
import { readRawConfig } from '../../cli/config.js';
import { wideOption } from '../../cli/options.js';
import { contextRows, type ContextRow } from './rows.js';

export default defineCommand({
  path: ['context', 'list'],
  description: 'list the contexts (API URL, project, whether a token is stored); the one in use is marked *',
  options: wideOption(),
  examples: ['infra context list', "infra context list --json | jq -r '.[].name'"],
  run: async (app) => {
    const rows = contextRows(readRawConfig(app.ctx.env), app.settings.context);
    if (app.json) return app.printJson(rows);
    if (rows.length === 0) {
      app.info("no contexts yet: 'infra auth login' makes 'default', 'infra context create NAME' another");
      return;
    }
    const table = app.table<ContextRow>([
      { header: 'CURRENT', value: (r) => (r.current ? '*' : '') },
      { header: 'NAME', value: (r) => r.name },
      { header: 'API URL', value: (r) => r.api_url, fit: { kind: 'text', min: 20 } },
      { header: 'PROJECT', value: (r) => r.project ?? '' },
      { header: 'TOKEN', value: (r) => r.token },
    ]);
    table.add(rows);
    await table.end();
  },
});
