// `infra serverless run <id> [...] -- COMMAND [ARG...]`: one run of the container's image with
// another command (a migration, a one-off task), POST /serverless/{id}/runs. Prints the run id;
// with --wait follows it to the end, its log on stderr as it grows, and exits with the run's
// own outcome (runExitCode in src/shared/exit-codes.ts: its exit code passed through).
import { resourceArg, arg, defineCommand, flag, list, option } from '../../cli/command.js';
import { CONTAINERS } from '../../client/families.js';
import { CliError, UsageError } from '../../cli/errors.js';
import { durationOption, nonEmpty } from '../../cli/options.js';
import { ConflictError } from '../../client/errors.js';
import { activeRunOf, type RunRequest } from '../../client/runs.js';
import { formatDuration } from '../../shared/duration.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { DEFAULT_TIMEOUT_MS, operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { envPair } from './flags.js';
import { followRun } from './runs/follow.js';
import { runCommands, runsCall, runsTarget, WAIT_MARGIN_MS } from './runs/shared.js';

const waiting = operationWaitOptions('run');

export default defineCommand({
  path: ['serverless', 'run'],
  description: "run a command once in a container's image (a migration, a task): prints the run id; --wait follows it and exits with its exit code",
  args: [resourceArg('<id>', 'container id, name or slug', CONTAINERS), arg('<command...>', 'the command and its arguments, after --')],
  options: {
    imageTag: option('--image-tag <tag>', "run this tag of the container's image instead of the deployed one", nonEmpty('--image-tag')),
    env: list('--env <KEY=VALUE>', 'an environment variable of this run only (repeatable)', envPair),
    timeout: option(
      '--timeout <duration>',
      "the run's own time limit, sent as timeout_seconds (e.g. 10m; default: the API's); a run past it ends timed_out",
      durationOption('--timeout', { min: 1_000 }),
    ),
    wait: flag('--wait', "follow the run until it ends, its log on stderr; exit with the run's exit code (124 timed out, 125 cancelled)"),
    waitTimeout: option(
      '--wait-timeout <duration>',
      `give up waiting after this long (default: the run's time limit + ${formatDuration(WAIT_MARGIN_MS)}); the run goes on`,
      durationOption('--wait-timeout', { min: 1_000 }),
    ),
    interval: waiting.interval,
    progress: waiting.progress,
    logs: flag('--no-logs', "with --wait, do not print the run's log as it grows"),
  },
  examples: [
    'infra serverless run web -- npm run migrate',
    'infra serverless run web --wait -- npm run migrate',
    'infra serverless run web --wait --timeout 10m --env DRY_RUN=1 -- sh -c "./manage.py migrate --check"',
    'infra serverless run web --image-tag 1.2.0 --json -- ./cleanup.sh',
  ],
  help: [
    'Everything after -- is the command, sent as an argument list (no shell: use sh -c "..." for one).',
    "Exit codes with --wait: 0 the run succeeded; its own exit code when it failed with one (as docker run); 1 failed without one; 124 stopped by its time limit (--timeout); 125 cancelled; 6 the wait gave up (--wait-timeout: the run goes on, 'infra serverless runs wait <container> <run>' resumes); 130/143 interrupted (the run goes on; 'infra serverless runs cancel <container> <run>' stops it).",
    'One run at a time per container: while one is active the API refuses another (exit 1, naming it).',
  ].join('\n'),
  run: async (app, { args: [ref, command], opts }) => {
    if (!opts.wait && opts.waitTimeout !== undefined) throw new UsageError('--wait-timeout applies only with --wait', 'add --wait to follow the run');
    if (!opts.wait && !opts.logs) throw new UsageError('--no-logs applies only with --wait', 'add --wait to follow the run');
    const flags = waitFlagsOf({ wait: opts.wait, interval: opts.interval, progress: opts.progress }, false, 'the run');
    if (command.length === 0 || command[0] === '') throw new UsageError('no command to run', 'give it after --, e.g. infra serverless run web -- npm run migrate');
    const body: RunRequest = {
      command,
      ...(opts.env.length > 0 ? { env: Object.fromEntries(opts.env) } : {}),
      ...(opts.timeout === undefined ? {} : { timeout_seconds: Math.ceil(opts.timeout / 1000) }),
      ...(opts.imageTag === undefined ? {} : { image_tag: opts.imageTag }),
    };
    const t = await runsTarget(app, ref);
    let started;
    try {
      started = await runsCall(t, t.api.start(t.id, body, { signal: app.ctx.signal }));
    } catch (err) {
      if (!(err instanceof ConflictError)) throw err;
      const active = activeRunOf(err);
      if (!active) throw new CliError(ExitCode.FAILED, `container ${ref} refused the run (409 on ${err.endpoint}): another run may be active`, `'infra serverless runs list ${ref}' shows its runs`);
      const cmds = runCommands(ref, active);
      throw new CliError(ExitCode.FAILED, `container ${ref} already has an active run: ${active} (one run at a time)`, `follow it with: ${cmds.wait}; or cancel it with: ${cmds.cancel}`);
    }
    const run = started.value;
    const cmds = runCommands(ref, run.id);
    if (!flags.wait) {
      if (app.json) app.printJson(started.raw);
      else app.print(run.id);
      app.info(`run ${run.id} of ${ref} started (${run.status ?? 'queued'}); follow it with: ${cmds.wait}`);
      return ExitCode.OK;
    }
    const limitMs = run.timeout_seconds ? run.timeout_seconds * 1000 : (opts.timeout ?? DEFAULT_TIMEOUT_MS);
    // With --progress json stderr carries events only (the wait's first event names the run).
    if (flags.progress !== 'json') app.info(`run ${run.id} of ${ref} started${opts.logs ? '; its log follows' : ''}`);
    return followRun(app, t, run.id, {
      flags: { ...flags, timeoutMs: opts.waitTimeout ?? limitMs + WAIT_MARGIN_MS },
      logs: opts.logs ? 'stderr' : 'none',
      initial: started,
    });
  },
});
