// `static-sites domains verify <site> <domain>`: asks the platform to check the DNS records
// (202); --wait follows the domain until it is verified or the check failed. A verification
// can be asked again at any time, so it is also how a wait resumes.
import { resourceArg, arg, defineCommand } from '../../cli/command.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { waitForOperation } from '../kit/wait/operation.js';
import { domainStatus, findDomain } from './domain.js';
import { SITES } from './family.js';

export default defineCommand({
  path: ['static-sites', 'domains', 'verify'],
  description: 'check the DNS records of a custom domain; --wait until it is verified (exit 1 when the record is not found)',
  args: [resourceArg('<id>', 'static site id, name or slug', SITES.kind), arg('<domain>', 'the domain, or its id')],
  options: operationWaitOptions('verification'),
  examples: ['infra static-sites domains verify docs help.acme.test --wait', 'infra static-sites domains verify docs help.acme.test'],
  run: async (app, { args: [ref, domainRef], opts }) => {
    const flags = waitFlagsOf(opts);
    const client = await app.client();
    const site = await client.resources.resolve(SITES.kind, ref, { signal: app.ctx.signal });
    const siteName = site.item?.name ?? ref;
    const d = await findDomain(client, site.id, siteName, domainRef, app.ctx.signal);
    const domain = d.domain ?? d.id;
    const answer = await client.staticSites.verifyDomain(site.id, d.id, { signal: app.ctx.signal });
    app.info(`verification of ${domain} started${answer.value.message ? `: ${answer.value.message}` : ''}`);
    if (!flags.wait) {
      if (app.json) app.printJson(answer.raw);
      return;
    }
    const subject = {
      command: SITES.command,
      noun: 'domain',
      id: d.id,
      name: domain,
      verb: 'verification',
      // The verification just asked for is the only one: no earlier read to confuse it with.
      target: { baseline: null },
      resumeCommand: `infra static-sites domains verify ${ref} ${domain} --wait`,
      look: `'infra static-sites domains list ${ref}' shows the DNS records to create`,
    };
    return waitForOperation(app, client, SITES, subject, flags, {
      fetch: async (signal) => domainStatus(await findDomain(client, site.id, siteName, d.id, signal)),
      endpoint: `GET /api/v1/static-sites/${site.id}/domains`,
    });
  },
});
