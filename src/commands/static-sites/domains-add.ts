// `static-sites domains add <site> <domain>`: 201 with the DNS records to create; ownership
// is then proven with `domains verify`.
import { resourceArg, arg, defineCommand } from '../../cli/command.js';
import { SITES } from './family.js';
import { domainArg } from './flags.js';

export default defineCommand({
  path: ['static-sites', 'domains', 'add'],
  description: 'add a custom domain to a static site; prints the DNS records that prove you own it',
  args: [resourceArg('<id>', 'static site id, name or slug', SITES.kind), arg('<domain>', 'host name, e.g. docs.example.com')],
  examples: ['infra static-sites domains add docs docs.example.com', 'infra static-sites domains add docs www.example.com --json'],
  run: async (app, { args: [ref, raw] }) => {
    const domain = domainArg(raw);
    const client = await app.client();
    const id = (await client.resources.resolve(SITES.kind, ref, { signal: app.ctx.signal })).id;
    const { value, raw: answer } = await client.staticSites.addDomain(id, domain, { signal: app.ctx.signal });
    if (app.json) return app.printJson(answer);
    const d = value.data;
    app.keyValue([
      ['Domain', d.domain ?? domain],
      ['ID', d.id],
      ['Verification', d.verification_status ?? undefined],
      ['DNS', d.dns_instructions ?? undefined],
    ]);
    app.hint(`create the DNS records above, then: infra static-sites domains verify ${ref} ${d.domain ?? domain} --wait`);
  },
});
