// `infra queue connect`: RabbitMQ has no one terminal client to start, so connecting means the
// AMQP URL handed to the user's own client: printed as --url prints it (whole when piped, the
// password masked on a terminal unless --show-secrets), or as a variable to eval.
import { defineCommand, flag, resourceArg } from '../../cli/command.js';
import { CliError } from '../../cli/errors.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { maskUrlPassword } from '../../output/mask.js';
import { shellLines } from '../resource/connect-plan.js';
import { urlOutput } from '../resource/connection.js';
import { readConnectionInfo } from './connection.js';
import { QUEUE } from './family.js';

export default defineCommand({
  path: ['queue', 'connect'],
  description: 'print the AMQP URL for a client (amqp libraries, rabbitmqadmin); --print-env as AMQP_URL',
  args: [resourceArg('<id>', 'queue instance id or name', QUEUE.kind)],
  options: {
    printEnv: flag('--print-env', 'print `export AMQP_URL=...` (--json: an object) for eval or a .env file'),
    showSecrets: flag('--show-secrets', 'on a terminal: show the password'),
  },
  examples: ['infra queue connect events-rabbit', 'AMQP_URL="$(infra queue connect events-rabbit)" node worker.js', 'eval "$(infra queue connect events-rabbit --print-env)"'],
  help: 'RabbitMQ has no one shell client, so this prints what a client needs; the management UI address is shown on a terminal.',
  run: async (app, { args: [ref], opts }) => {
    const { info } = await readConnectionInfo(app, ref);
    if (!info.amqp_url) throw new CliError(ExitCode.FAILED, `the API gave no AMQP URL for ${ref} yet`, `see how the queue is doing: 'infra queue get ${ref}'`);
    const masked = app.ctx.stdout.isTTY && !opts.showSecrets;
    if (opts.printEnv) {
      const url = masked ? maskUrlPassword(info.amqp_url) : info.amqp_url;
      if (app.json) app.printJson({ AMQP_URL: url });
      else for (const line of shellLines({ AMQP_URL: url })) app.print(line);
      if (masked) app.hint('the password is masked on a terminal: --show-secrets shows it; piped, it is printed whole');
      return;
    }
    if (app.json) return app.printJson({ amqp_url: masked ? maskUrlPassword(info.amqp_url) : info.amqp_url, management_url: info.management_url ?? null });
    urlOutput(app, info.amqp_url, opts.showSecrets);
    if (app.ctx.stdout.isTTY && info.management_url) app.info(`management UI: ${info.management_url}`);
  },
});
