import { resourceArg, defineCommand } from '../../cli/command.js';
import { wideOption } from '../../cli/options.js';
import type { SiteDomain } from '../../client/static-sites.js';
import { SITES } from './family.js';

export default defineCommand({
  path: ['static-sites', 'domains', 'list'],
  description: 'list the custom domains of a static site: verification, TLS and whether it serves',
  args: [resourceArg('<id>', 'static site id, name or slug', SITES.kind)],
  options: wideOption(),
  examples: ['infra static-sites domains list docs', "infra static-sites domains list docs --json | jq -r '.[].dns_instructions'"],
  run: async (app, { args: [ref] }) => {
    const client = await app.client();
    const id = (await client.resources.resolve(SITES.kind, ref, { signal: app.ctx.signal })).id;
    const { value, raw } = await client.staticSites.domains(id, { signal: app.ctx.signal });
    if (app.json) return app.printJson(raw);
    if (value.length === 0) {
      app.info(`${ref} has no custom domains; add one with 'infra static-sites domains add ${ref} DOMAIN'`);
      return;
    }
    const table = app.table<SiteDomain>([
      { header: 'DOMAIN', value: (d) => d.domain ?? '' },
      { header: 'PRIMARY', value: (d) => (d.is_primary ? 'yes' : '') },
      { header: 'VERIFICATION', value: (d) => d.verification_status ?? '', color: (v) => (v === 'verified' ? app.style.green(v) : v === 'failed' ? app.style.red(v) : app.style.yellow(v)) },
      { header: 'TLS', value: (d) => d.tls_status ?? '' },
      { header: 'SERVING', value: (d) => d.deployment_status ?? '' },
      { header: 'ID', value: (d) => d.id, fit: { priority: 1 } },
    ]);
    table.add(value);
    await table.end();
    const pending = value.filter((d) => d.verification_status !== 'verified');
    for (const d of pending) if (d.dns_instructions) app.hint(`${d.domain}: ${d.dns_instructions}`);
  },
});
