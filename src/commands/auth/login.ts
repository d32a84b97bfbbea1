import { canPrompt, ciSet } from '../resource/confirm.js';
import { configPath, setHostToken } from '../../cli/config.js';
import { CliError, UsageError } from '../../cli/errors.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { hostKey, tokenFromInput, tokenPage, tokenProblem } from '../../shared/api-host.js';
import { AuthError } from '../../client/errors.js';
import { defineCommand, flag } from '../../cli/command.js';
import type { App } from '../../cli/app.js';

export default defineCommand({
  path: ['auth', 'login'],
  description: 'store an API token for the API host in use, after verifying it with one request',
  options: {
    withToken: flag('--with-token', 'read the token from standard input'),
    web: flag('--web', 'sign in from a browser: opens the console (or prints its URL in CI, over SSH, without a display) and waits up to 2 minutes'),
  },
  examples: ['infra auth login', 'infra auth login --with-token < token.txt', 'echo "$TOKEN" | infra --api-url https://danubedata.ro auth login --with-token', 'infra auth login --web'],
  run: async (app, { opts }) => {
    if (opts.web && opts.withToken) throw new UsageError('give --web or --with-token, not both');
    // Refused before anything is read or sent: plain http to a remote host, a password in the URL.
    const apiUrl = app.requireApiUrl();
    const host = hostKey(apiUrl);
    const token = opts.web ? (await import('./web-login.js')).tokenFromBrowser(app, apiUrl) : readToken(app, opts.withToken, host).then(tokenFromInput);
    return verifyAndStore(app, apiUrl, await token);
  },
});

/**
 * Checks a token with one request and stores it for the API host: the one place a login
 * stores a token, whether it was pasted, piped or handed over by the browser sign-in.
 */
async function verifyAndStore(app: App, apiUrl: string, token: string): Promise<ExitCode> {
  const host = hostKey(apiUrl);
  if (!token.trim()) throw new UsageError('the token is empty', `create one at ${tokenPage(apiUrl)}`);
  const bad = tokenProblem(token);
  if (bad !== undefined) throw new UsageError(`the token holds ${bad}; nothing was sent or stored`, 'pass exactly the token value (one trailing line break is fine)');
  const client = await app.clientFor(token);
  let note = '';
  try {
    await client.http.get('/vps', { query: { per_page: 1 }, permission: 'vps:read' });
  } catch (err) {
    if (err instanceof AuthError && err.status === 403) note = ' (the token is valid but lacks vps:read, so it could not list VPS)';
    else if (err instanceof AuthError)
      throw new CliError(
        ExitCode.AUTH,
        `the token was rejected by ${host} (${err.status}); nothing was stored`,
        `check that you copied the whole token and that it has not been revoked (tokens: ${tokenPage(apiUrl)})`,
      );
    else throw err;
  } finally {
    await client.close();
  }
  // A host given on the command line at login becomes the one used from now on, as the
  // provider's own client remembers a base URL beside its token (one write for both).
  setHostToken(app.ctx.env, apiUrl, token, app.settings.apiUrlSource === 'flag' ? { 'api-url': apiUrl } : {});
  app.info(`${app.errStyle.green('✓')} logged in to ${host}${note}; token stored for ${host} in ${configPath(app.ctx.env)}`);
  if (app.settings.tokenSource === 'env') app.warn('INFRA_TOKEN is set and takes precedence over the stored token');
  return ExitCode.OK;
}

async function readToken(app: App, fromStdin: boolean, host: string): Promise<string> {
  if (fromStdin) {
    let text = '';
    for await (const chunk of app.ctx.stdin) text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    return text;
  }
  if (canPrompt(app)) {
    app.info(`Create a token at ${tokenPage(host)} and paste it here (it is not shown).`);
    return app.ctx.prompter!.secret('Paste your API token: ');
  }
  const why = ciSet(app.ctx.env) ? 'CI is set, so nothing is asked' : 'no terminal to ask on';
  throw new UsageError(`no token given and ${why}`, `create one at ${tokenPage(host)}, then pipe it in: 'infra auth login --with-token < token.txt', or set INFRA_TOKEN`);
}
