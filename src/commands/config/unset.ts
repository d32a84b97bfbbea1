import { arg, defineCommand } from '../../cli/command.js';
import { writeConfig } from '../../cli/config.js';
import { checkKey } from './keys.js';

export default defineCommand({
  path: ['config', 'unset'],
  description: 'remove a setting',
  args: [arg('<key>', '')],
  examples: ['infra config unset project'],
  run: async (app, { args: [key] }) => {
    await writeConfig(app.ctx.env, { [checkKey(key)]: undefined });
  },
});
