import { defineCommand } from '../../cli/command.js';
import { configPath } from '../../cli/config.js';

export default defineCommand({
  path: ['config', 'path'],
  description: 'print the path of the config file',
  examples: ['infra config path'],
  run: async (app) => {
    app.print(configPath(app.ctx.env));
  },
});
