// `infra uptime test <id>`: runs the check once now and prints what it found. A failed check
// is data (exit 0) unless --exit-status asks for exit 1, as `diagnose` does with findings.
import { resourceArg, defineCommand, flag } from '../../cli/command.js';
import { CliError } from '../../cli/errors.js';
import { MonitoringApi } from '../../client/monitoring.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { UPTIME } from './family.js';

export default defineCommand({
  path: ['uptime', 'test'],
  description: 'run a check once now and print the result (recorded in its results unless it is paused)',
  args: [resourceArg('<id>', 'uptime check id or name', UPTIME.kind)],
  options: { exitStatus: flag('--exit-status', 'exit 1 when the check fails (a result is data: exit 0 otherwise)') },
  examples: ['infra uptime test homepage', 'infra uptime test api-health --exit-status || echo "api is down"', 'infra uptime test api-health --json'],
  run: async (app, { args: [ref], opts }) => {
    const client = await app.client();
    const resolved = await client.resources.resolve(UPTIME.kind, ref, { signal: app.ctx.signal });
    const { result, recorded, raw } = await new MonitoringApi(client.http).test(resolved.id, app.ctx.signal);
    if (app.json) app.printJson(raw);
    else
      app.keyValue([
        ['Result', result.ok === true ? 'up' : result.ok === false ? 'down' : 'unknown'],
        ['Status', result.status_code == null ? undefined : String(result.status_code)],
        ['Time', result.response_time_ms == null ? undefined : `${result.response_time_ms} ms`],
        ['Error', result.error ?? undefined],
      ]);
    if (recorded === false) app.info('not recorded: the check is paused, so its results and incidents are as they were');
    if (opts.exitStatus && result.ok !== true) throw new CliError(ExitCode.FAILED, `the check of ${ref} failed${result.error ? `: ${result.error}` : ''}`);
  },
});
