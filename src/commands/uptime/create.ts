import { defineCommand } from '../../cli/command.js';
import { CliError, UsageError } from '../../cli/errors.js';
import type { Client } from '../../client/index.js';
import { AmbiguousNameError, NoSuchNameError } from '../../client/errors.js';
import { ExitCode } from '../../shared/exit-codes.js';
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
    await refuseTakenName(client, opts.name, app.ctx.signal);
    const created = await client.resources.create(UPTIME.kind, checkFields(opts), { signal: app.ctx.signal });
    if (app.json) app.printJson(created.raw);
    else app.print(created.value.id);
    app.info(`created uptime check ${created.value.name ?? opts.name} (id ${created.value.id}); run it now with: infra uptime test ${created.value.id}`);
  },
});

/**
 * The API accepts a second check with a name already used, and from then on the name no
 * longer names one check (every command asks for the id). Refused here, as a conflict
 * (exit 1, as the API's 409s are), naming the check that has the name.
 */
async function refuseTakenName(client: Client, name: string, signal: AbortSignal): Promise<void> {
  try {
    const { id } = await client.resources.resolve(UPTIME.kind, name, { signal, item: true });
    throw new CliError(ExitCode.FAILED, `an uptime check named "${name}" exists already (id ${id})`, `'infra uptime update ${name}' changes it; or pick another --name`);
  } catch (err) {
    if (err instanceof NoSuchNameError) return;
    if (err instanceof AmbiguousNameError) throw new CliError(ExitCode.FAILED, `uptime checks named "${name}" exist already: ${err.message}`, 'pick another --name');
    throw err;
  }
}
