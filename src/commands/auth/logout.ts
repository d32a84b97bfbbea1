import type { CommandRun } from '../../cli/app.js';
import { readConfig, writeConfig } from '../../cli/config.js';

export const run: CommandRun = async (app) => {
  if (readConfig(app.ctx.env).token) {
    await writeConfig(app.ctx.env, { token: undefined });
    app.info('stored token removed');
  } else {
    app.info('no token was stored');
  }
  if (app.settings.tokenSource === 'env') app.warn('INFRA_TOKEN is still set in the environment and will be used');
  return 0;
};
