import { arg, defineCommand } from '../../cli/command.js';
import { readConfig } from '../../cli/config.js';
import { redactUrl } from '../../shared/api-host.js';
import { checkKey } from './keys.js';

export default defineCommand({
  path: ['config', 'get'],
  description: 'print a setting',
  args: [arg('<key>', '')],
  examples: ['infra config get project'],
  run: async (app, { args: [key] }) => {
    const value = readConfig(app.ctx.env)[checkKey(key)];
    // A password in a stored URL (refused since, but perhaps stored before) is never printed.
    if (value !== undefined) app.print(redactUrl(value));
  },
});
