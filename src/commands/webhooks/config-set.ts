// `webhooks config set`: PUT /webhooks/config. The API requires `webhook_url` on every update,
// so turning notifications on or off alone re-sends the URL it has. The first configuration
// creates the signing secret, which the answer carries once.
import { InvalidArgumentError } from 'commander';
import { defineCommand, flag, option } from '../../cli/command.js';
import { CliError, UsageError } from '../../cli/errors.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { sayShownOnce } from './secret.js';

function webhookUrl(value: string): string {
  const v = value.trim();
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new InvalidArgumentError(`--url must be an http(s) URL, such as https://hooks.example.com/infra.`);
  }
  if ((u.protocol !== 'https:' && u.protocol !== 'http:') || !u.hostname) throw new InvalidArgumentError('--url must be an http(s) URL, such as https://hooks.example.com/infra.');
  return v;
}

export default defineCommand({
  path: ['webhooks', 'config', 'set'],
  description: "set where the project's event notifications go, and turn them on or off (the first configuration prints the signing secret, once)",
  options: {
    url: option('--url <url>', 'the HTTPS endpoint that receives the notifications', webhookUrl),
    enabled: flag('--enabled', 'turn notifications on'),
    disabled: flag('--disabled', 'turn notifications off (the URL and secret are kept)'),
  },
  examples: ['infra webhooks config set --url https://hooks.acme.test/infra --enabled', 'infra webhooks config set --disabled', 'infra webhooks config set --url https://hooks.acme.test/v2 --json'],
  run: async (app, { opts }) => {
    if (opts.enabled && opts.disabled) throw new UsageError('--enabled and --disabled contradict each other; give one');
    if (opts.url === undefined && !opts.enabled && !opts.disabled) throw new UsageError('nothing to set', 'give --url, --enabled or --disabled');
    const enabled = opts.enabled ? true : opts.disabled ? false : undefined;
    const client = await app.client();
    let url = opts.url;
    if (url === undefined) {
      const current = await client.webhooks.config({ signal: app.ctx.signal });
      url = current.value.webhook_url ?? undefined;
      if (!url) throw new CliError(ExitCode.USAGE, 'no webhook URL is configured yet, and the API needs one with every change', 'give --url as well');
    }
    const { value, raw } = await client.webhooks.update(url, enabled, { signal: app.ctx.signal });
    if (app.json) app.printJson(raw);
    else
      app.keyValue([
        ['URL', value.webhook_url ?? url],
        ['Enabled', value.webhook_enabled === undefined || value.webhook_enabled === null ? undefined : value.webhook_enabled ? 'yes' : 'no'],
        ['Secret', value.webhook_secret ?? undefined],
      ]);
    app.info('webhook configuration updated');
    if (value.webhook_secret) sayShownOnce(app);
  },
});
