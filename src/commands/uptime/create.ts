import { defineCommand } from '../../cli/command.js';
import { UsageError } from '../../cli/errors.js';
import { checkFields, checkOptions } from './flags.js';
import { UPTIME } from './family.js';

export default defineCommand({
  path: ['uptime', 'create'],
  description: 'check a URL every minute (or five): up while it answers the expected status in time',
  options: checkOptions(true),
  examples: [
    'infra uptime create --name docs --url https://docs.acme.example/',
    'infra uptime create --name api --url https://api.acme.example/healthz --interval 60 --expect-status 200 --failure-threshold 2 --notify mail --notify webhook',
    'infra uptime create --name shop --url https://shop.acme.example/ --keyword "Add to cart" --ssl-expiry 21 --json',
  ],
  run: async (app, { opts }) => {
    if (!opts.name || !opts.url) throw new UsageError('a check needs --name and --url');
    if (opts.clearKeyword) throw new UsageError('--clear-keyword applies to update only');
    const client = await app.client();
    const created = await client.resources.create(UPTIME.kind, checkFields(opts), { signal: app.ctx.signal });
    if (app.json) app.printJson(created.raw);
    else app.print(created.value.id);
    app.info(`created uptime check ${created.value.name ?? opts.name} (id ${created.value.id}); run it now with: infra uptime test ${created.value.id}`);
  },
});
