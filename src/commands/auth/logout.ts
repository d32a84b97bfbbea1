import { clearHostTokens, readConfig, setHostToken } from '../../cli/config.js';
import { defineCommand, flag } from '../../cli/command.js';
import { UsageError } from '../../cli/errors.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { hostKey } from '../../shared/api-host.js';

export default defineCommand({
  path: ['auth', 'logout'],
  description: 'remove the token stored for the API host in use (--all: for every host)',
  options: { all: flag('--all', 'remove the tokens of every host') },
  examples: ['infra auth logout', 'infra auth logout --api-url http://127.0.0.1:8080', 'infra auth logout --all'],
  run: async (app, { opts }) => {
    const stored = Object.keys(readConfig(app.ctx.env).hosts ?? {});
    if (opts.all) {
      if (stored.length) {
        clearHostTokens(app.ctx.env);
        app.info(`stored tokens removed (${stored.join(', ')})`);
      } else app.info('no token was stored');
    } else {
      // Logging out must work for a URL that is refused for requests (plain http): only its key is needed.
      let host: string;
      try {
        host = hostKey(app.settings.apiUrl ?? '');
      } catch {
        throw new UsageError(`cannot tell the API host from "${app.settings.apiUrl}"`, "give --api-url, or run 'infra auth logout --all'");
      }
      if (stored.includes(host)) {
        setHostToken(app.ctx.env, host, undefined);
        app.info(`stored token for ${host} removed`);
      } else {
        const others = stored.length ? `; tokens are stored for ${stored.join(', ')} ('infra auth logout --api-url URL' or --all)` : '';
        app.info(`no token was stored for ${host}${others}`);
      }
    }
    if (app.settings.tokenSource === 'env') app.warn('INFRA_TOKEN is still set in the environment and will be used');
    return ExitCode.OK;
  },
});
