import { defineCommand } from '../../cli/command.js';
import { wideOption } from '../../cli/options.js';
import { configPath } from '../../cli/config.js';
import { effectiveSettings, type EffectiveSetting } from './effective.js';

export default defineCommand({
  path: ['config', 'list'],
  description: 'print each setting in effect and where it comes from (flag, env, config, default)',
  options: wideOption(),
  examples: ['infra config list', 'infra config list --project staging', 'infra config list --json | jq -r .[].source'],
  run: async (app) => {
    const rows = effectiveSettings({ settings: app.settings, env: app.ctx.env, configFile: configPath(app.ctx.env) });
    if (app.json) return app.printJson(rows);
    const table = app.table<EffectiveSetting>([
      { header: 'KEY', value: (r) => r.key },
      { header: 'VALUE', value: (r) => r.value ?? r.note ?? '', fit: { kind: 'text', min: 20 } },
      { header: 'SOURCE', value: (r) => (r.from ? `${r.source} (${r.from})` : r.source), fit: { kind: 'text', min: 12 } },
    ]);
    table.add(rows);
    await table.end();
  },
});
