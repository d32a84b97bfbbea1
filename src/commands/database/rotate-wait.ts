// `infra database credentials wait <id> [--role R]`: follows the rotation of a role that GET
// .../credentials reports to its end (resumes `credentials rotate --wait`). With none reported
// there is nothing to wait for: said on stderr, exit 0.
import { resourceArg, choice, defineCommand, option } from '../../cli/command.js';
import { durationOption } from '../../cli/options.js';
import { DATABASE_ROLES } from '../../client/databases.js';
import { progressOption, waitFlagsOf } from '../kit/wait/flags.js';
import { DATABASE } from './family.js';
import { rotationOf, waitForRotation } from './rotate-status.js';

export default defineCommand({
  path: ['database', 'credentials', 'wait'],
  description: 'wait for the password rotation in flight to end (resumes `credentials rotate --wait`)',
  args: [resourceArg('<id>', 'database instance id or name', DATABASE.kind)],
  options: {
    role: choice('--role <role>', 'whose rotation (default: the application user)', DATABASE_ROLES),
    timeout: option('--timeout <duration>', 'give up waiting after this long (default 15m)', durationOption('--timeout', { min: 1_000 })),
    interval: option('--interval <duration>', 'longest pause between status checks (default 5s)', durationOption('--interval', { min: 100 })),
    progress: progressOption(),
  },
  examples: ['infra database credentials wait orders-pg', 'infra database credentials wait orders-pg --role superuser --timeout 10m'],
  run: async (app, { args: [ref], opts }) => {
    const flags = waitFlagsOf(opts, true);
    const client = await app.client();
    const found = await client.resources.resolve(DATABASE.kind, ref, { signal: app.ctx.signal });
    const name = found.item?.name ?? ref;
    const now = await client.databases.rotationCredentials(found.id, { signal: app.ctx.signal });
    const rotation = rotationOf(now.value, opts.role);
    if (!rotation) {
      app.info(`no ${opts.role ?? 'application'} password rotation of ${name} is reported: nothing to wait for`);
      if (app.json) app.printJson({ id: found.id, outcome: 'none' });
      return;
    }
    return waitForRotation(app, client, { databaseId: found.id, databaseName: name, rotationId: rotation.id, role: rotation.role ?? opts.role }, flags, () => {});
  },
});
