import { defineCommand } from '../../cli/command.js';
import { CONFIG_KEYS, readConfig } from '../../cli/config.js';

export default defineCommand({
  path: ['config', 'list'],
  description: 'print every setting as key=value',
  examples: ['infra config list'],
  run: async (app) => {
    const stored = readConfig(app.ctx.env);
    if (app.json) {
      app.printJson(Object.fromEntries(CONFIG_KEYS.filter((k) => stored[k] !== undefined).map((k) => [k, stored[k]])));
      return;
    }
    for (const key of CONFIG_KEYS) if (stored[key] !== undefined) app.print(`${key}=${stored[key]}`);
  },
});
