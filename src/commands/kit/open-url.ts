// Opening a URL the server gave in the user's browser (`infra open`, `get --web`): only http
// and https (a `javascript:` or `file:` URL from a hostile server is refused), through the
// platform's opener or $BROWSER, started with an argument vector (no shell, no `cmd /c start`,
// which would read `&` in a URL as a second command). Where no browser can show it (CI, an ssh
// session, Linux without a display) or with --print, the URL is printed instead.
import type { App } from '../../cli/app.js';
import { CliError } from '../../cli/errors.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { runTool } from './spawn-tool.js';

/** The URL as given, when it is an absolute http(s) URL; otherwise a CliError saying why not. */
export function webUrl(url: string | null | undefined, what: string): string {
  if (!url) throw new CliError(ExitCode.FAILED, `${what} has no URL to open`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CliError(ExitCode.FAILED, `the URL the API gave for ${what} is not a URL; not opened`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new CliError(ExitCode.FAILED, `the URL the API gave for ${what} is a ${parsed.protocol} URL, not http(s); not opened`);
  // The parsed form: spaces and controls escaped, so the opener gets one clean argument.
  return parsed.href;
}

/** Why no browser can be opened here, or undefined when one can. */
export function noDisplay(env: Record<string, string | undefined>, platform: NodeJS.Platform): string | undefined {
  if (env.CI) return 'CI is set';
  if (env.SSH_CONNECTION || env.SSH_TTY) return 'this is an ssh session';
  if (platform !== 'darwin' && platform !== 'win32' && !env.DISPLAY && !env.WAYLAND_DISPLAY) return 'there is no display (DISPLAY and WAYLAND_DISPLAY are unset)';
  return undefined;
}

/** The program and its arguments that open `url`: $BROWSER (split on blanks, as gh does) or the platform's opener. */
export function opener(url: string, env: Record<string, string | undefined>, platform: NodeJS.Platform): [string, string[]] {
  const browser = env.BROWSER?.trim();
  if (browser) {
    const [cmd, ...args] = browser.split(/\s+/);
    return [cmd!, [...args, url]];
  }
  if (platform === 'darwin') return ['open', [url]];
  if (platform === 'win32') return ['rundll32', ['url.dll,FileProtocolHandler', url]];
  return ['xdg-open', [url]];
}

/** Opens `url` (already checked by webUrl) in a browser, or prints it where none can be opened. */
export async function openInBrowser(app: App, url: string, opts: { print?: boolean }): Promise<void> {
  const why = opts.print ? undefined : noDisplay(app.ctx.env, process.platform);
  if (opts.print || why) {
    app.print(url);
    if (why) app.info(`not opening a browser: ${why}`);
    return;
  }
  const [cmd, args] = opener(url, app.ctx.env, process.platform);
  await runTool(cmd, args, { env: app.ctx.env, detached: true, install: 'set BROWSER to the program that opens a URL, or pass --print' });
  app.info(`opening ${url} in the browser`);
}
