// `webhooks regenerate-secret`: a new signing secret, printed once; the old one stops
// verifying at once, so receivers must be given the new one. Confirmed like a delete.
import { defineCommand, flag } from '../../cli/command.js';
import { need } from '../../client/wire.js';
import { CliError } from '../../cli/errors.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { canPrompt, needConfirmation } from '../resource/confirm.js';
import { sayShownOnce } from './secret.js';

export default defineCommand({
  path: ['webhooks', 'regenerate-secret'],
  description: 'replace the signing secret of the webhooks (printed once; receivers must switch to it): asks on a terminal, --yes otherwise',
  options: { yes: flag('-y, --yes', 'regenerate without asking') },
  examples: ['infra webhooks regenerate-secret', 'infra webhooks regenerate-secret --yes > webhook-secret.txt'],
  run: async (app, { opts }) => {
    needConfirmation(app, 'regenerate the webhook secret', opts.yes);
    if (!opts.yes && canPrompt(app)) {
      const answer = (await app.ctx.prompter!.text('Regenerate the webhook signing secret? Deliveries fail to verify until receivers have the new one. Type "regenerate" to confirm: ')).trim();
      if (answer !== 'regenerate') throw new CliError(ExitCode.FAILED, 'not done: the secret was not regenerated; nothing was sent');
    }
    const client = await app.client();
    const { value, raw } = await client.webhooks.regenerateSecret({ signal: app.ctx.signal });
    const secret = need(value.webhook_secret, 'POST /api/v1/webhooks/config/regenerate-secret', 'webhook_secret');
    if (app.json) app.printJson(raw);
    else app.print(secret);
    sayShownOnce(app);
  },
});
