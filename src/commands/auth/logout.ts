import { readConfig, writeConfig } from '../../cli/config.js';
import { defineCommand } from '../../cli/command.js';
import { ExitCode } from '../../shared/exit-codes.js';

export default defineCommand({
  path: ['auth', 'logout'],
  description: 'remove the stored token',
  examples: ['infra auth logout'],
  run: async (app) => {
    if (readConfig(app.ctx.env).token) {
      await writeConfig(app.ctx.env, { token: undefined });
      app.info('stored token removed');
    } else {
      app.info('no token was stored');
    }
    if (app.settings.tokenSource === 'env') app.warn('INFRA_TOKEN is still set in the environment and will be used');
    return ExitCode.OK;
  },
});
