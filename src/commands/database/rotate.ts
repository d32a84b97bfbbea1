// `infra database credentials rotate <id> [--role R] [--disconnect-sessions] [--wait]`:
// POST .../credentials/rotate → 202 `{message, credential_rotation}`. Clients holding the old
// password stop connecting once it ends, so it is confirmed like a destructive action. With
// --wait the rotation is followed on GET .../credentials to its end, and the new password is
// printed once on stdout when that answer carries it.
import { resourceArg, choice, defineCommand, flag } from '../../cli/command.js';
import { DATABASE_ROLES, type RotationCredentials } from '../../client/databases.js';
import { confirmByName, needConfirmation } from '../resource/confirm.js';
import { resolveResource } from '../resource/resolve.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { DATABASE } from './family.js';
import { newSecret, waitForRotation } from './rotate-status.js';

export default defineCommand({
  path: ['database', 'credentials', 'rotate'],
  description: 'rotate a database password (clients using the old one stop connecting); --wait prints the new one once',
  args: [resourceArg('<id>', 'database instance id or name', DATABASE.kind)],
  options: {
    role: choice('--role <role>', 'whose password: the application user or the superuser (default: the API decides)', DATABASE_ROLES),
    disconnectSessions: flag('--disconnect-sessions', 'also end the sessions opened with the old password'),
    yes: flag('-y, --yes', 'rotate without asking'),
    ...operationWaitOptions('rotation'),
  },
  examples: [
    'infra database credentials rotate orders-pg --role application --wait',
    'infra database credentials rotate orders-pg --role superuser --disconnect-sessions --yes --wait',
    'NEW_PASSWORD="$(infra database credentials rotate orders-pg --yes --wait)"',
  ],
  help: 'Without --wait the rotation id is printed and the rotation goes on; `infra database credentials wait <id>` follows it later.',
  run: async (app, { args: [ref], opts }) => {
    const flags = waitFlagsOf(opts, false, 'the rotation');
    needConfirmation(app, `rotate the password of ${ref}`, opts.yes);
    const { client, id, name } = await resolveResource(app, DATABASE, ref);
    await confirmByName(app, `Rotate the ${opts.role ?? 'database'} password of database instance ${name} (id ${id})? Clients using the old password stop connecting.`, name, opts.yes);
    const body = { ...(opts.role ? { role: opts.role } : {}), ...(opts.disconnectSessions ? { disconnect_sessions: true } : {}) };
    const started = await client.databases.rotate(id, body, { signal: app.ctx.signal });
    const rotation = started.rotation;
    const role = rotation?.role ?? opts.role;
    if (!rotation) {
      // The facts' 200 answer (no rotation to follow): the rotation is done, or the server said why not.
      app.info(`the password rotation of ${name} answered ${started.status} with no rotation to follow`);
      if (app.json) app.printJson(started.raw);
      return;
    }
    app.info(`password rotation of ${name} started (rotation ${rotation.id}${role ? `, ${role}` : ''}): ${rotation.status ?? 'accepted'}`);
    if (!flags.wait) {
      if (app.json) app.printJson(started.raw);
      else app.print(rotation.id);
      return;
    }
    let last: RotationCredentials | undefined;
    await waitForRotation(app, client, { databaseId: id, databaseName: name, rotationId: rotation.id, role }, flags, (c) => (last = c));
    if (app.json) return;
    const secret = last && newSecret(last, role);
    if (!secret) return app.warn(`the service did not return the new password: 'infra database credentials ${name} --show-secrets' shows it when it does`);
    app.print(secret);
    app.warn('the new password above is printed this once: update the clients that use it');
  },
});
