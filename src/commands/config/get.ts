import { arg, defineCommand } from '../../cli/command.js';
import { readConfig } from '../../cli/config.js';
import { checkKey } from './keys.js';

export default defineCommand({
  path: ['config', 'get'],
  description: 'print a setting',
  args: [arg('<key>', '')],
  examples: ['infra config get project'],
  run: async (app, { args: [key] }) => {
    const value = readConfig(app.ctx.env)[checkKey(key)];
    if (value !== undefined) app.print(value);
  },
});
