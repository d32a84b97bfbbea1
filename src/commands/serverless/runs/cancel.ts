// `infra serverless runs cancel <id> <run>`: stops an active run (POST .../runs/{run}/cancel).
// A run that already ended is refused by the API (409): said as such, exit 1.
import { resourceArg, defineCommand } from '../../../cli/command.js';
import { CONTAINERS, CONTAINER_RUNS } from '../../../client/families.js';
import { CliError } from '../../../cli/errors.js';
import { ConflictError } from '../../../client/errors.js';
import { ExitCode } from '../../../shared/exit-codes.js';
import { runCommands, runsCall, runsTarget, resolveRun } from './shared.js';

export default defineCommand({
  path: ['serverless', 'runs', 'cancel'],
  description: 'stop an active run (it ends cancelled)',
  args: [resourceArg('<id>', 'container id, name or slug', CONTAINERS), resourceArg('<run>', 'run id', CONTAINER_RUNS)],
  examples: ['infra serverless runs cancel web 0b5c1d2e-8f3a-4c6b-9d7e-1a2b3c4d5e6f'],
  help: 'Prints the run as the API answered (--json: the run object). A run that already ended cannot be cancelled (exit 1).',
  run: async (app, { args: [ref, runRef] }) => {
    const t = await runsTarget(app, ref);
    const runId = await resolveRun(t, runRef, app.ctx.signal);
    let answer;
    try {
      answer = await runsCall(t, t.api.cancel(t.id, runId, { signal: app.ctx.signal }), { noun: 'run', ref: runId });
    } catch (err) {
      if (!(err instanceof ConflictError)) throw err;
      throw new CliError(ExitCode.FAILED, `run ${runId} of ${ref} is no longer active: nothing to cancel (409 on ${err.endpoint})`, `'${runCommands(ref, runId).wait}' shows how it ended`);
    }
    if (app.json) app.printJson(answer.raw);
    else app.print(`${answer.value.id}\t${answer.value.status ?? 'cancelled'}`);
    app.info(`run ${runId} of ${ref}: cancel sent (${answer.value.status ?? 'status not said'})`);
  },
});
