import { canPrompt, ciSet } from '../resource/confirm.js';
import { writeConfig, configPath } from '../../cli/config.js';
import { CliError, UsageError } from '../../cli/errors.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { AuthError } from '../../client/errors.js';
import { defineCommand, flag } from '../../cli/command.js';
import type { App } from '../../cli/app.js';

export default defineCommand({
  path: ['auth', 'login'],
  description: 'store an API token after verifying it with one request',
  options: { withToken: flag('--with-token', 'read the token from standard input') },
  examples: ['infra auth login', 'infra auth login --with-token < token.txt', 'echo "$TOKEN" | infra --api-url https://api.example.com auth login --with-token'],
  run: async (app, { opts }) => {
    const apiUrl = app.requireApiUrl();
    const token = (await readToken(app, opts.withToken)).trim();
    if (!token) throw new UsageError('the token is empty');
    if (/\s/.test(token)) throw new UsageError('the token contains white space', 'pass exactly the token value');
    const client = await app.clientFor(token);
    let note = '';
    try {
      await client.http.get('/vps', { query: { per_page: 1 }, permission: 'vps:read' });
    } catch (err) {
      if (err instanceof AuthError && err.status === 403) note = ' (the token is valid but lacks vps:read, so it could not list VPS)';
      else if (err instanceof AuthError)
        throw new CliError(ExitCode.AUTH, `the token was rejected by ${apiUrl} (${err.status}); nothing was stored`, 'check that you copied the whole token and that it has not been revoked');
      else throw err;
    } finally {
      await client.close();
    }
    // A host given on the command line at login is remembered, as gh remembers its host.
    const changes: Record<string, string> = { token };
    if (app.settings.apiUrlSource === 'flag') changes['api-url'] = apiUrl;
    await writeConfig(app.ctx.env, changes);
    app.info(`${app.errStyle.green('✓')} logged in to ${apiUrl}${note}; token stored in ${configPath(app.ctx.env)}`);
    if (app.settings.tokenSource === 'env') app.warn('INFRA_TOKEN is set and takes precedence over the stored token');
    return ExitCode.OK;
  },
});

async function readToken(app: App, fromStdin: boolean): Promise<string> {
  if (fromStdin) {
    let text = '';
    for await (const chunk of app.ctx.stdin) text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    return text;
  }
  if (canPrompt(app)) return app.ctx.prompter!.secret('Paste your API token: ');
  const why = ciSet(app.ctx.env) ? 'CI is set, so nothing is asked' : 'no terminal to ask on';
  throw new UsageError(`no token given and ${why}`, "pipe it in: 'infra auth login --with-token < token.txt', or set INFRA_TOKEN");
}
