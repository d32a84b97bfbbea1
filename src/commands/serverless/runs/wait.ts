// `infra serverless runs wait <id> <run>`: follows a run to its end (the resume command of
// `serverless run --wait`), its log on stderr as it grows; exits with the run's outcome.
import { resourceArg, defineCommand, flag, option } from '../../../cli/command.js';
import { CONTAINERS, CONTAINER_RUNS } from '../../../client/families.js';
import { durationOption } from '../../../cli/options.js';
import { DEFAULT_TIMEOUT_MS, operationWaitOptions, waitFlagsOf } from '../../kit/wait/flags.js';
import { followRun } from './follow.js';
import { runsCall, runsTarget, WAIT_MARGIN_MS, resolveRun } from './shared.js';

const waiting = operationWaitOptions('run');

export default defineCommand({
  path: ['serverless', 'runs', 'wait'],
  description: "wait until a run ends, its log on stderr; exit with the run's exit code (124 timed out, 125 cancelled, 6 wait timeout)",
  args: [resourceArg('<id>', 'container id, name or slug', CONTAINERS), resourceArg('<run>', 'run id', CONTAINER_RUNS)],
  options: {
    timeout: option(
      '--timeout <duration>',
      "give up waiting after this long, e.g. 90s, 15m (default: the run's time limit + 5m, at least 15m; the run goes on)",
      durationOption('--timeout', { min: 1_000 }),
    ),
    interval: waiting.interval,
    progress: waiting.progress,
    logs: flag('--no-logs', "do not print the run's log"),
  },
  examples: ['infra serverless runs wait web 0b5c1d2e-8f3a-4c6b-9d7e-1a2b3c4d5e6f', 'infra serverless runs wait web 0b5c1d2e-8f3a-4c6b-9d7e-1a2b3c4d5e6f --timeout 30m --json | jq .exit_code'],
  help: "The log printed so far is printed again from its start. --json prints the run as last read. Exit codes as 'infra serverless run <container> --wait -- <command>'.",
  run: async (app, { args: [ref, runRef], opts }) => {
    const flags = waitFlagsOf({ timeout: opts.timeout, interval: opts.interval, progress: opts.progress }, true, 'the run');
    const t = await runsTarget(app, ref);
    const runId = await resolveRun(t, runRef, app.ctx.signal);
    const initial = await runsCall(t, t.api.get(t.id, runId, { signal: app.ctx.signal }), { noun: 'run', ref: runId });
    // A long run outlasts the usual 15 minutes: by default the wait allows its own limit and a margin.
    const limit = initial.value.timeout_seconds ? initial.value.timeout_seconds * 1000 + WAIT_MARGIN_MS : 0;
    const timeoutMs = opts.timeout ?? Math.max(DEFAULT_TIMEOUT_MS, limit);
    return followRun(app, t, runId, { flags: { ...flags, timeoutMs }, logs: opts.logs ? 'stderr' : 'none', initial });
  },
});
