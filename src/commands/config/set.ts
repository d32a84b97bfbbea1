import { arg, defineCommand } from '../../cli/command.js';
import { writeConfig } from '../../cli/config.js';
import { checkKey, validate } from './keys.js';

export default defineCommand({
  path: ['config', 'set'],
  description: 'change a setting',
  args: [arg('<key>', ''), arg('<value>', '')],
  examples: ['infra config set api-url https://danubedata.ro', 'infra config set output json', 'infra config set allow-http true'],
  run: async (app, { args: [name, value] }) => {
    const key = checkKey(name);
    validate(key, value, app.settings.allowHttp);
    await writeConfig(app.ctx.env, { [key]: value });
  },
});
