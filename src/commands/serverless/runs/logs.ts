// `infra serverless runs logs <id> <run> [--follow]`: the run's log on stdout. The route
// answers the whole text every time; --follow polls until the run ends, printing only what
// is new (log-tail.ts), and ends 0 whatever the run did (it says how the run ended).
import { resourceArg, defineCommand, flag, option } from '../../../cli/command.js';
import { CONTAINERS, CONTAINER_RUNS } from '../../../client/families.js';
import { UsageError } from '../../../cli/errors.js';
import { durationOption } from '../../../cli/options.js';
import { operationWaitOptions, waitFlagsOf } from '../../kit/wait/flags.js';
import { followRun } from './follow.js';
import { runsCall, runsTarget, resolveRun } from './shared.js';

const waiting = operationWaitOptions('run');

export default defineCommand({
  path: ['serverless', 'runs', 'logs'],
  description: "a run's log on stdout; --follow prints it as it grows until the run ends",
  args: [resourceArg('<id>', 'container id, name or slug', CONTAINERS), resourceArg('<run>', 'run id', CONTAINER_RUNS)],
  options: {
    follow: flag('--follow', 'keep printing new output until the run ends (exit 0 whatever the run did)'),
    timeout: option('--timeout <duration>', 'with --follow: give up after this long (default 15m; exit 6)', durationOption('--timeout', { min: 1_000 })),
    interval: waiting.interval,
  },
  examples: ['infra serverless runs logs web 0b5c1d2e-8f3a-4c6b-9d7e-1a2b3c4d5e6f', 'infra serverless runs logs web 0b5c1d2e-8f3a-4c6b-9d7e-1a2b3c4d5e6f --follow'],
  help: "--json prints the API's logs object ({run_id, source, logs}); with --follow, once, at the end. 'source' says whether the text is the live log or the stored one.",
  run: async (app, { args: [ref, runRef], opts }) => {
    if (!opts.follow && (opts.timeout !== undefined || opts.interval !== undefined)) throw new UsageError(`--${opts.timeout !== undefined ? 'timeout' : 'interval'} applies only with --follow`);
    const t = await runsTarget(app, ref);
    const runId = await resolveRun(t, runRef, app.ctx.signal);
    if (!opts.follow) {
      const { value, raw } = await runsCall(t, t.api.logs(t.id, runId, { signal: app.ctx.signal }), { noun: 'run', ref: runId });
      if (app.json) app.printJson(raw);
      else if (value.logs) app.ctx.stdout.write(value.logs.endsWith('\n') ? value.logs : `${value.logs}\n`);
      if (!value.logs) app.info(`run ${runId} has no log${value.source === 'none' ? ' yet' : ''}`);
      return;
    }
    const flags = waitFlagsOf({ timeout: opts.timeout, interval: opts.interval }, true, 'the run');
    const initial = await runsCall(t, t.api.get(t.id, runId, { signal: app.ctx.signal }), { noun: 'run', ref: runId });
    return followRun(app, t, runId, { flags, logs: app.json ? 'end' : 'stdout', initial, logsOnly: true });
  },
});
