// `static-sites link <site> [dir]`: remembers in the directory which site it deploys to (and,
// with --path, which of its folders), so `infra static-sites deploy` there needs no arguments.
import { resolve } from 'node:path';
import { arg, defineCommand, option, resourceArg } from '../../cli/command.js';
import { UsageError } from '../../cli/errors.js';
import { pathValue } from '../../cli/options.js';
import { SITES } from './family.js';
import { LINK_DIR, LINK_FILE, readLink, writeLink } from './link-file.js';

export default defineCommand({
  path: ['static-sites', 'link'],
  description: "link a directory (default: this one) to a static site, so 'infra static-sites deploy' there needs no site",
  args: [resourceArg('<id>', 'static site id, name or slug', SITES.kind), arg('[dir]', 'the directory to link (default: the current one)')],
  options: {
    path: option('--path <dir>', 'what deploy sends when given no path: a directory (or .zip) inside the linked one, e.g. dist', pathValue('--path')),
  },
  examples: ['infra static-sites link docs', 'infra static-sites link docs --path dist && infra static-sites deploy --wait', 'infra static-sites link handbook ./handbook'],
  help: `The link is ${LINK_DIR}/${LINK_FILE}: the site's id and name, the API URL and the project it was linked in, and --path. It holds no token and may be committed. A deploy in the directory refuses a link made for another API URL or project. Linking again replaces the link; 'infra static-sites unlink' removes it. Only the current directory's link is read, never a parent's.`,
  run: async (app, { args: [ref, dir], opts }) => {
    const root = resolve(dir ?? '.');
    if (opts.path !== undefined && (/^\//.test(opts.path) || opts.path.split(/[\\/]/).includes('..')))
      throw new UsageError(`--path ${opts.path} is outside the linked directory`, 'give a directory inside it, such as dist or public');
    const previous = readLinkOrNothing(root);
    const apiUrl = app.requireApiUrl();
    const client = await app.client();
    const site = await client.resources.resolve(SITES.kind, ref, { signal: app.ctx.signal });
    const name = site.item?.name ?? ref;
    const link = { site_id: site.id, site_name: name, api_url: apiUrl, project: app.settings.project ?? null, path: opts.path ?? null };
    const file = writeLink(root, link);
    if (app.json) app.printJson({ file, ...link });
    else app.print(file);
    const was = previous && previous.site_id !== site.id ? ` (was ${previous.site_name})` : '';
    app.info(`linked ${dir ?? 'this directory'} to ${name} (id ${site.id})${was}; deploy from it: infra static-sites deploy${opts.path ? '' : ' <path>'}`);
  },
});

/** The link being replaced, for the message; a broken one is simply replaced. */
function readLinkOrNothing(root: string) {
  try {
    return readLink(root);
  } catch {
    return undefined;
  }
}
