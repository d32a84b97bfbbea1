// `static-sites domains remove <site> <domain>`: the site stops answering on it. Confirmed
// like a delete: type the domain on a terminal, --yes otherwise.
import { resourceArg, arg, defineCommand, flag } from '../../cli/command.js';
import { confirmByName, needConfirmation } from '../resource/confirm.js';
import { findDomain } from './domain.js';
import { SITES } from './family.js';

export default defineCommand({
  path: ['static-sites', 'domains', 'remove'],
  description: 'remove a custom domain from a static site (asks to type the domain on a terminal; --yes otherwise)',
  args: [resourceArg('<id>', 'static site id, name or slug', SITES.kind), arg('<domain>', 'the domain, or its id')],
  options: { yes: flag('-y, --yes', 'remove without asking') },
  examples: ['infra static-sites domains remove docs help.acme.test', 'infra static-sites domains remove docs help.acme.test --yes'],
  run: async (app, { args: [ref, domainRef], opts }) => {
    needConfirmation(app, `remove ${domainRef} from ${ref}`, opts.yes);
    const client = await app.client();
    const site = await client.resources.resolve(SITES.kind, ref, { signal: app.ctx.signal });
    const siteName = site.item?.name ?? ref;
    const d = await findDomain(client, site.id, siteName, domainRef, app.ctx.signal);
    const domain = d.domain ?? d.id;
    await confirmByName(app, `Remove ${domain} from ${siteName}? The site stops answering on it.`, domain, opts.yes);
    const answer = await client.staticSites.removeDomain(site.id, d.id, { signal: app.ctx.signal });
    if (app.json) app.printJson({ id: d.id, domain, removed: true, ...(answer.raw as Record<string, unknown>) });
    app.info(`removed ${domain} from ${siteName}`);
  },
});
