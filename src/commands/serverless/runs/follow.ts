// Following one run until it is terminal (`serverless run --wait`, `runs wait`, `runs logs
// --follow`): the one wait engine reads GET .../runs/{run}, put in the
// status model's words; each read that finds the run started also reads its log (the whole
// text every time) and writes only what is new. The end is the run's own outcome:
// `runExitCode` (src/shared/exit-codes.ts) for run and wait; `logs --follow` ends 0 whatever
// the run did (it asked for the log, and says how the run ended).
import type { App } from '../../../cli/app.js';
import { CliError } from '../../../cli/errors.js';
import { ApiError, UnavailableError } from '../../../client/errors.js';
import type { Read, Run, RunLogs } from '../../../client/runs.js';
import { operationWords, type OperationSubject } from '../../kit/wait/operation-words.js';
import { ExitCode, runExitCode } from '../../../shared/exit-codes.js';
import { clearLine } from '../../../output/terminal-text.js';
import { readSubject } from '../../kit/wait/operation.js';
import { type WaitFlags } from '../../kit/wait/flags.js';
import { verdictError, waitAndSay } from '../../kit/wait/runner.js';
import { INITIAL_TAIL, tailStep } from './log-tail.js';
import { runCommands, runsCall, runStatus, type Target } from './shared.js';

export interface FollowOptions {
  flags: WaitFlags;
  /**
   * Where the log goes as it grows: stderr beside the progress (run, wait), stdout (logs
   * --follow), nowhere, or read once at the end without being written (logs --follow --json).
   */
  logs: 'stderr' | 'stdout' | 'none' | 'end';
  /** A read in hand (the POST's answer): decided first, no request. */
  initial?: Read<Run>;
  /** `logs --follow`: the run's outcome is reported, not turned into the exit code. */
  logsOnly?: boolean;
}

export async function followRun(app: App, t: Target, runId: string, opts: FollowOptions): Promise<number> {
  const cmds = runCommands(t.ref, runId);
  // --progress json: stderr carries events only, so the log is not interleaved there.
  const logsTo = opts.logs === 'stderr' && opts.flags.progress === 'json' ? 'none' : opts.logs;
  // Under a spinner, a log line first clears the spinner's line (it redraws below it).
  const clear = logsTo === 'stderr' && app.interactive && !app.settings.quiet ? clearLine() : '';
  const write = (text: string) => (logsTo === 'stdout' ? app.ctx.stdout.write(text) : logsTo === 'stderr' ? app.ctx.stderr.write(clear + text) : undefined);
  let last = opts.initial;
  let lastLogs: Read<RunLogs> | undefined;
  let tail = INITIAL_TAIL;
  let logsBroken = false;

  const pump = async (signal: AbortSignal, final: boolean) => {
    if (logsTo === 'none' || logsBroken || (logsTo === 'end' && !final)) return;
    try {
      lastLogs = await t.api.logs(t.id, runId, { signal });
    } catch (err) {
      // A log that cannot be read now is tried again on the next read; one that is refused
      // (403, 404) is given up, with one line: the run is still followed.
      if (signal.aborted || !(err instanceof ApiError)) throw err;
      if (err instanceof UnavailableError && !final) return;
      logsBroken = true;
      app.warn(`the log of run ${runId} could not be read (${err.message}); following its status only`);
      return;
    }
    const step = tailStep(tail, lastLogs.value.logs ?? '', final);
    tail = step.state;
    if (step.notice) app.info(step.notice);
    if (step.out) write(step.out);
  };
  const terminal = (r: Run) => runStatus(r).status_details?.operation?.terminal === true;

  // A run already under way (or over) when the follow starts: its log so far first.
  if (last && last.value.status !== 'queued') await pump(app.ctx.signal, terminal(last.value));

  const subject: OperationSubject = {
    command: 'serverless',
    noun: 'run',
    id: t.id,
    name: t.ref,
    verb: `run ${runId}`,
    target: {},
    resumeCommand: cmds.wait,
    look: `'${cmds.logs}' shows its whole log`,
  };
  const words = operationWords(subject);
  // Interrupted: the run keeps going on the server, and the way back (or out) is named.
  words.interrupted = {
    clause: 'the run keeps going',
    hint: `follow it again with: ${opts.logsOnly ? `${cmds.logs} --follow` : cmds.wait}; cancel it with: ${cmds.cancel}`,
  };
  const waited = await waitAndSay(
    app,
    t.client,
    {
      ...readSubject(app, subject, {
        ...(last ? { initial: runStatus(last.value) } : {}),
        endpoint: `GET /api/v1/serverless/${t.id}/runs/${runId}`,
        fetch: async (signal) => {
          last = await runsCall(t, t.api.get(t.id, runId, { signal }), { noun: 'run', ref: runId });
          if (last.value.status !== 'queued') await pump(signal, terminal(last.value));
          return runStatus(last.value);
        },
        json: () => (opts.logsOnly ? (lastLogs?.raw ?? null) : (last?.raw ?? null)),
      }),
      words,
    },
    opts.flags,
  );
  // A run that ended is reported in its own words (its exit code); anything else (a timeout,
  // an interruption, a 404) as the wait said.
  const code = waited.verdict.exitCode;
  if (code !== ExitCode.OK && (code !== ExitCode.FAILED || !last || !terminal(last.value))) throw verdictError(waited.verdict);
  return outcome(app, t, runId, last!.value, opts.logsOnly === true);
}

/** The end of a terminal run: its exit code, and a line saying how it ended when it did not succeed. */
function outcome(app: App, t: Target, runId: string, run: Run, logsOnly: boolean): number {
  const code = runExitCode(run.status ?? undefined, run.exit_code);
  if (code === ExitCode.OK) return ExitCode.OK;
  const what = `run ${runId} of ${t.ref}`;
  const message =
    run.status === 'timed_out'
      ? `${what} was stopped by its time limit${run.timeout_seconds ? ` of ${run.timeout_seconds}s` : ''} (exit ${code})`
      : run.status === 'cancelled'
        ? `${what} was cancelled (exit ${code})`
        : typeof run.exit_code === 'number' && run.exit_code !== 0
          ? `${what} failed with exit code ${run.exit_code}`
          : `${what} ${run.status === 'failed' ? 'failed without an exit code' : `ended ${run.status ?? 'unknown'}`} (exit ${code})`;
  if (logsOnly) {
    app.info(message);
    return ExitCode.OK;
  }
  // The exit code is the run's own (3 is not "degraded" here): errors as JSON say so by their code.
  const errorCode = run.status === 'timed_out' ? 'run_timed_out' : run.status === 'cancelled' ? 'run_cancelled' : 'run_failed';
  throw new CliError(code, message, `'${runCommands(t.ref, runId).logs}' shows its whole log`, run.message ? [`  message: ${run.message}`] : undefined, errorCode);
}
