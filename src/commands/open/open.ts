// `infra open <ref>`: the web page of a container, an app or a static site (its URL), or an
// approval's review page, in the browser; printed instead where none can be shown or with --print.
import type { App } from '../../cli/app.js';
import { arg, choice, defineCommand, flag } from '../../cli/command.js';
import { CliError } from '../../cli/errors.js';
import { NoSuchNameError, NotFoundError } from '../../client/errors.js';
import { APP_KIND } from '../../client/monitoring.js';
import type { ResourceKind } from '../../client/resources.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { accountApi } from '../kit/approvals.js';
import { openInBrowser, webUrl } from '../kit/open-url.js';

const SITES: ResourceKind = { path: '/static-sites', noun: 'static site', ids: 'uuid', wrapper: 'data', permission: 'static-site', aliases: ['slug'] };
const KINDS = ['container', 'app', 'site', 'approval'] as const;
type Kind = (typeof KINDS)[number];

/** The URL of `ref` as a resource of `kind`; undefined when there is no such resource. */
async function urlOf(app: App, kind: Kind, ref: string): Promise<{ url: string | null | undefined; what: string } | undefined> {
  const client = await app.client();
  const signal = app.ctx.signal;
  try {
    if (kind === 'container') {
      const id = await client.serverless.resolveId(ref, { signal });
      const c = (await client.serverless.get(id, { signal })).container;
      return { url: c.url, what: `container ${c.name ?? id}` };
    }
    if (kind === 'approval') {
      const a = (await accountApi(client).approval(ref, { signal })).approval;
      return { url: a.review_url, what: `approval ${ref}` };
    }
    const k = kind === 'app' ? APP_KIND : SITES;
    const id = (await client.resources.resolve(k, ref, { signal })).id;
    const read = await client.resources.get(k, id, { signal });
    const url = read.raw.url;
    return { url: typeof url === 'string' ? url : undefined, what: `${k.noun} ${read.value.name ?? id}` };
  } catch (err) {
    if (err instanceof NoSuchNameError || err instanceof NotFoundError) return undefined;
    throw err;
  }
}

export default defineCommand({
  path: ['open'],
  description: "open the web page of a container, an app or a static site, or an approval's review page, in the browser",
  args: [arg('<ref>', 'a container, app or static site (id or name), or an approval id')],
  options: {
    type: choice('--type <type>', 'what <ref> names, when a name is in several products', KINDS),
    print: flag('--print', 'print the URL instead of opening it'),
  },
  examples: ['infra open web', 'infra open blog --type site', 'infra open web --print', 'infra open shop-wp --type app'],
  help: "Looks for <ref> among containers, then apps, then static sites, then approvals (--type names one). Only http and https URLs are opened. The browser is $BROWSER when set, otherwise the platform's opener (xdg-open, open, or url.dll on Windows), started without a shell. With CI set, in an ssh session (SSH_CONNECTION, SSH_TTY), or on Linux without DISPLAY or WAYLAND_DISPLAY, the URL is printed instead.",
  run: async (app, { args: [ref], opts }) => {
    for (const kind of opts.type ? [opts.type] : KINDS) {
      const found = await urlOf(app, kind, ref);
      if (!found) continue;
      return openInBrowser(app, webUrl(found.url, found.what), { print: opts.print });
    }
    throw new CliError(ExitCode.NOT_FOUND, `no ${opts.type ?? 'container, app, static site or approval'} named ${ref}`, "'infra status' lists every resource of the project");
  },
});
