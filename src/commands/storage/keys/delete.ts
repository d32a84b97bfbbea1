// `infra storage keys delete` (alias revoke): the key stops working at once and stays listed as
// revoked, so there is nothing to wait for. Destructive: confirmed like any delete.
import { resourceArg, defineCommand, flag } from '../../../cli/command.js';
import { confirmByName, needConfirmation } from '../../resource/confirm.js';
import { resolveResource } from '../../resource/resolve.js';
import { KEYS } from './family.js';

export default defineCommand({
  path: ['storage', 'keys', 'delete'],
  aliases: ['revoke'],
  description: 'revoke an access key: it stops working at once (asks to type its name on a terminal; --yes otherwise)',
  args: [resourceArg('<id>', 'access key id or name', KEYS.kind)],
  options: { yes: flag('-y, --yes', 'revoke without asking') },
  examples: ['infra storage keys delete backup-agent', 'infra storage keys revoke ci-deploy --yes'],
  run: async (app, { args: [ref], opts }) => {
    needConfirmation(app, `revoke ${ref}`, opts.yes);
    const { client, id, name } = await resolveResource(app, KEYS, ref);
    await confirmByName(app, `Revoke access key ${name} (id ${id})? Everything using it loses access.`, name, opts.yes);
    const accepted = await client.resources.delete(KEYS.kind, id, { signal: app.ctx.signal });
    app.info(`revoked ${name} (id ${id})`);
    if (app.json) app.printJson({ id, name, revoked: true, ...accepted.raw });
  },
});
