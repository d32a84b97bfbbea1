// The one exit-code table (docs/behaviour.md#exit-codes): the codes, and what each means. The CLI maps
// errors to them (src/cli/exit-codes.ts), the wait reports them (src/wait/verdict.ts), and
// the man page and the README's table are generated from EXIT_CODES.

export const ExitCode = {
  OK: 0,
  FAILED: 1,
  USAGE: 2,
  DEGRADED: 3,
  AUTH: 4,
  NOT_FOUND: 5,
  TIMEOUT: 6,
  UNAVAILABLE: 7,
  ROLLED_BACK: 8,
  UNHEALTHY: 9,
  DRIFTED: 10,
  INTERRUPTED: 130,
  TERMINATED: 143,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** Each code with its meaning, as the README, the man page and `infra help exit-codes` print it. */
export const EXIT_CODES: ReadonlyArray<readonly [ExitCode, string]> = [
  [ExitCode.OK, 'success (with `--wait`: the rollout finished and the container is ready)'],
  [ExitCode.FAILED, 'the operation failed or was cancelled, the API refused it (409, or a 422 that refuses a state), a response the client cannot read, or an unexpected error'],
  [ExitCode.USAGE, 'usage error: bad flag, argument or value (before any request), or a 422 validation error (field errors printed)'],
  [ExitCode.DEGRADED, 'rollout degraded: the new revision failed while an older one keeps serving'],
  [ExitCode.AUTH, 'authentication or authorization: no token, 401, 403 (the missing permission is named when known)'],
  [ExitCode.NOT_FOUND, 'not found (404)'],
  [ExitCode.TIMEOUT, 'wait timed out; the rollout goes on server-side and the message says how to resume'],
  [ExitCode.UNAVAILABLE, 'service unavailable: network failure, no answer within the time limit of a request (INFRA_HTTP_TIMEOUT), 5xx or 429 after retries, log store did not answer'],
  [
    ExitCode.ROLLED_BACK,
    'guarded deploy rolled back (`--rollback-on-failure`): the new generation ended degraded or failed, or its `--verify` check failed, and the last good deployment serves again',
  ],
  [ExitCode.UNHEALTHY, '`status --exit-status`: something of the project is unhealthy (failed, degraded, down, an open incident); `--watch --fail-fast`: as soon as something is'],
  [ExitCode.DRIFTED, '`apply --check`: the live state differs from the file (the differences are printed; nothing was changed)'],
  [ExitCode.INTERRUPTED, 'interrupted (Ctrl-C); while waiting, the rollout goes on server-side'],
  [ExitCode.TERMINATED, 'terminated (SIGTERM); while waiting, the rollout goes on server-side'],
];

/**
 * A run's own outcome (`serverless run --wait`, `serverless runs wait`), beside the table: a
 * failed run passes its exit code through, as `docker run` does, so `infra serverless run web
 * --wait -- npm test` fails a CI step the way the command itself would. Two outcomes have no
 * exit code of their own and get one outside the table's meanings: a run stopped by its own
 * time limit exits 124 (as `timeout(1)` does), a cancelled run 125 (the next code up). A
 * failed run without an exit code (it never started: the image could not be pulled) exits 1.
 */
export const RunExitCode = {
  TIMED_OUT: 124,
  CANCELLED: 125,
} as const;

/** The rules above, for the README and the man page. */
export const RUN_EXIT_RULES: ReadonlyArray<readonly [string, string]> = [
  ['0', 'the run succeeded'],
  ['1-255', 'the run failed: its own exit code, passed through (as `docker run` does); 1 when it failed without one (it never started)'],
  [String(RunExitCode.TIMED_OUT), "the run was stopped by its own time limit (`--timeout`, the run's `timeout_seconds`), as `timeout(1)` exits"],
  [String(RunExitCode.CANCELLED), 'the run was cancelled'],
];

/**
 * The exit code of a terminal run: 0 succeeded, its own code when it failed with one (1-255),
 * 124 timed out, 125 cancelled, 1 otherwise. The table's type names its own codes; a run's
 * code is passed through beyond it, which is why the value is widened here and nowhere else.
 */
export function runExitCode(status: string | undefined, exitCode: number | null | undefined): ExitCode {
  if (status === 'succeeded') return ExitCode.OK;
  if (status === 'timed_out') return RunExitCode.TIMED_OUT as number as ExitCode;
  if (status === 'cancelled') return RunExitCode.CANCELLED as number as ExitCode;
  if (typeof exitCode === 'number' && Number.isInteger(exitCode) && exitCode >= 1 && exitCode <= 255) return exitCode as ExitCode;
  return ExitCode.FAILED;
}
