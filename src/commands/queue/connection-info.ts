// How to connect to a broker: GET /queue/{id}/connection-info. People get the password and the
// URL masked unless --show-secrets; --url prints the AMQP URL alone, whole (for scripts).
import { resourceArg, defineCommand, flag } from '../../cli/command.js';
import { need } from '../../client/wire.js';
import { maskPassword, maskUrlPassword } from '../../output/mask.js';
import { urlOutput } from '../resource/connection.js';
import { QUEUE } from './family.js';
import { hostOf, readConnectionInfo } from './connection.js';

export default defineCommand({
  path: ['queue', 'connection-info'],
  aliases: ['credentials'],
  description: 'show how to connect: host, ports, vhost, user, password (masked) and the AMQP URL (alias: credentials)',
  args: [resourceArg('<id>', 'queue instance id or name', QUEUE.kind)],
  options: {
    showSecrets: flag('--show-secrets', 'show the password and the URL unmasked'),
    url: flag('--url', 'print only the AMQP URL: whole when piped (for scripts), password masked on a terminal unless --show-secrets'),
  },
  examples: [
    'infra queue connection-info events-rabbit',
    'infra queue connection-info events-rabbit --show-secrets',
    'AMQP_URL="$(infra queue connection-info events-rabbit --url)"',
    'infra queue credentials events-rabbit --json',
  ],
  run: async (app, { args: [ref], opts }) => {
    const { raw, endpoint, info } = await readConnectionInfo(app, ref);
    // --url is data the user asked for by name: whole when piped, masked on a terminal (urlOutput).
    if (opts.url) return urlOutput(app, need(info.amqp_url, endpoint, 'amqp_url'), opts.showSecrets);
    if (app.json) return app.printJson(raw);
    const show = opts.showSecrets;
    app.keyValue([
      // The URL names the host when the `host` field is null (it is typed `string | null`).
      ['Host', info.host ?? hostOf(info.amqp_url) ?? '(not given by the API)'],
      ['AMQPS port', info.port === undefined ? undefined : String(info.port)],
      ['Virtual host', info.vhost ?? undefined],
      ['User', info.username ?? undefined],
      ['Password', show ? (info.password ?? '(none)') : maskPassword(info.password)],
      ['AMQP URL', info.amqp_url ? (show ? info.amqp_url : maskUrlPassword(info.amqp_url)) : undefined],
      ['Management UI', info.management_url ?? undefined],
    ]);
    if (!show && info.password) app.hint('--show-secrets shows the password; --url prints the URL alone for scripts');
  },
});
