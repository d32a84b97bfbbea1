// `infra auth login --web`: the browser sign-in of the provider's console (docs/guide.md, "Sign in
// from a browser"). A random state is opened at <console>/cli/authorize?state=…; the console is
// polled at /cli/poll?state=… every 2 s until it hands over a token, refuses, or 2 minutes pass.
// Nothing the console says changes the pace or the deadline: the pause is fixed, each poll has
// its own time limit inside the deadline, and an answer is read up to a size cap.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { App } from '../../cli/app.js';
import { CliError, UsageError } from '../../cli/errors.js';
import { createAgent, send } from '../../client/undici.js';
import { isLoopback } from '../../shared/api-host.js';
import { ExitCode } from '../../shared/exit-codes.js';

export const POLL_EVERY_MS = 2_000;
export const GIVE_UP_AFTER_MS = 120_000;
/** One poll's own limit: a console that holds a request open cannot hold the sign-in past its deadline. */
const POLL_LIMIT_MS = 10_000;
/** A token answer is a few hundred bytes; more is not read. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * The console of an API: `INFRA_CONSOLE_URL` when set (https, or http to loopback only, for a
 * local fake), else the API host with `console.` in front over https. A loopback API (the
 * simulator) is its own console: it serves /cli/authorize and /cli/poll.
 */
export function consoleUrl(apiUrl: string, override: string | undefined): string {
  if (override !== undefined && override.trim() !== '') {
    let url: URL;
    try {
      url = new URL(override.trim());
    } catch {
      throw new UsageError('INFRA_CONSOLE_URL is not a URL', 'set it to the console, such as https://console.danubedata.ro');
    }
    if (url.username || url.password) throw new UsageError('INFRA_CONSOLE_URL must not carry a user or password');
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname)))
      throw new UsageError('INFRA_CONSOLE_URL must be https (plain http only to this machine: localhost, 127.0.0.1)');
    return url.origin;
  }
  const api = new URL(apiUrl);
  if (isLoopback(api.hostname)) return api.origin;
  if (api.protocol !== 'https:') throw new UsageError(`no browser sign-in for ${api.origin}: the console is reached over https only`, 'paste a token instead: infra auth login');
  return `https://console.${api.host}`;
}

/**
 * The program that opens a URL in the browser, as an argument list (no shell: the URL is one
 * argument, never parsed by a shell), or why none should be started: in CI, over SSH, or on a
 * desktop-less Linux the URL is printed and the person opens it where they are.
 */
export function browserOpener(url: string, platform: string, env: Readonly<Record<string, string | undefined>>): { argv: string[] } | { none: string } {
  if (env.CI !== undefined && env.CI !== '' && env.CI !== 'false' && env.CI !== '0') return { none: 'CI is set' };
  if (env.SSH_CONNECTION || env.SSH_TTY) return { none: 'this is an SSH session' };
  if (platform === 'darwin') return { argv: ['open', url] };
  // rundll32 opens a URL with its handler without cmd.exe, which would read & in the URL as a command separator.
  if (platform === 'win32') return { argv: ['rundll32', 'url.dll,FileProtocolHandler', url] };
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return { none: 'there is no display (DISPLAY is not set)' };
  return { argv: ['xdg-open', url] };
}

/** Starts the opener and leaves it; a missing opener is said, never fatal (the URL is printed anyway). */
function openInBrowser(app: App, argv: string[]): void {
  try {
    const child = spawn(argv[0]!, argv.slice(1), { stdio: 'ignore', detached: true, shell: false });
    child.on('error', () => app.warn(`could not start ${argv[0]}: open the URL above yourself`));
    child.unref();
  } catch {
    app.warn(`could not start ${argv[0]}: open the URL above yourself`);
  }
}

type Poll = { token: string } | { refused: string } | { pending: true };

/** Reads one poll's answer: a token, a refusal the console states, or "not yet" (anything else). */
async function pollOnce(app: App, dispatcher: Parameters<typeof send>[0], url: URL, limitMs: number): Promise<Poll> {
  const abort = new AbortController();
  const onAbort = () => abort.abort();
  app.ctx.signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => abort.abort(), limitMs);
  try {
    const res = await send(dispatcher, url, { method: 'GET', headers: { accept: 'application/json' }, signal: abort.signal });
    let text = '';
    for await (const chunk of res.body) {
      text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      if (text.length > MAX_ANSWER_BYTES) break;
    }
    // A denied or expired request will never turn into a token: waiting out the 2 minutes would only hide that.
    if (res.statusCode === 403) return { refused: 'the sign-in was denied in the browser' };
    if (res.statusCode === 410) return { refused: 'the sign-in request expired before it was approved' };
    if (res.statusCode !== 200 || text.length > MAX_ANSWER_BYTES) return { pending: true };
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return { pending: true };
    }
    const token = (body as { token?: unknown } | null)?.token;
    return typeof token === 'string' && token.trim() !== '' ? { token } : { pending: true };
  } catch (err) {
    if (app.ctx.signal?.aborted) throw err;
    // No answer this time (the network, the poll's own limit): the next poll may have one.
    return { pending: true };
  } finally {
    clearTimeout(timer);
    app.ctx.signal?.removeEventListener('abort', onAbort);
  }
}

/** The browser sign-in: the token the console hands over (never printed), or a CliError. */
export async function tokenFromBrowser(app: App, apiUrl: string): Promise<string> {
  const base = consoleUrl(apiUrl, app.ctx.env.INFRA_CONSOLE_URL);
  const state = randomUUID();
  const authorize = `${base}/cli/authorize?state=${state}`;
  const poll = new URL(`${base}/cli/poll?state=${state}`);
  app.info(`Sign in from your browser: ${authorize}`);
  const opener = browserOpener(authorize, process.platform, app.ctx.env);
  if ('argv' in opener) openInBrowser(app, opener.argv);
  else app.info(`(not opening a browser: ${opener.none}; open the URL above)`);
  app.info('Waiting for the sign-in to be approved (up to 2 minutes; Ctrl-C to stop)...');

  const clock = app.ctx.clock;
  const deadline = clock.now() + GIVE_UP_AFTER_MS;
  const dispatcher = app.ctx.dispatcher ?? (await createAgent({ connect: { timeout: POLL_LIMIT_MS }, headersTimeout: POLL_LIMIT_MS, bodyTimeout: POLL_LIMIT_MS }, app.ctx.env));
  try {
    for (;;) {
      const left = deadline - clock.now();
      if (left <= 0) break;
      const answer = await pollOnce(app, dispatcher, poll, Math.min(POLL_LIMIT_MS, left));
      if ('token' in answer) return answer.token;
      if ('refused' in answer) throw new CliError(ExitCode.AUTH, `${answer.refused}; nothing was stored`, 'start again: infra auth login --web (or paste a token: infra auth login)');
      if (deadline - clock.now() <= 0) break;
      await clock.sleep(Math.min(POLL_EVERY_MS, deadline - clock.now()), app.ctx.signal);
    }
  } finally {
    if (!app.ctx.dispatcher) await dispatcher.close();
  }
  throw new CliError(ExitCode.TIMEOUT, 'no sign-in was approved within 2 minutes; nothing was stored', 'start again: infra auth login --web (or paste a token: infra auth login)');
}
