// The one exit-code table (contract section 3): the codes, and what each means. The CLI maps
// errors to them (src/cli/exit-codes.ts), the wait reports them (src/rollout/report.ts), and
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
  INTERRUPTED: 130,
  TERMINATED: 143,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** Each code with its meaning, in the words of the contract. */
export const EXIT_CODES: ReadonlyArray<readonly [ExitCode, string]> = [
  [ExitCode.OK, 'success (with `--wait`: the rollout finished and the container is ready)'],
  [ExitCode.FAILED, 'the operation failed or was cancelled, the API refused it (409, or a 422 that refuses a state), a response the client cannot read, or an unexpected error'],
  [ExitCode.USAGE, 'usage error: bad flag, argument or value (before any request), or a 422 validation error (field errors printed)'],
  [ExitCode.DEGRADED, 'rollout degraded: the new revision failed while an older one keeps serving'],
  [ExitCode.AUTH, 'authentication or authorization: no token, 401, 403 (the missing permission is named when known)'],
  [ExitCode.NOT_FOUND, 'not found (404)'],
  [ExitCode.TIMEOUT, 'wait timed out; the rollout goes on server-side and the message says how to resume'],
  [ExitCode.UNAVAILABLE, 'service unavailable: network failure, no answer within the time limit of a request (INFRA_HTTP_TIMEOUT), 5xx or 429 after retries, log store did not answer'],
  [ExitCode.INTERRUPTED, 'interrupted (Ctrl-C); while waiting, the rollout goes on server-side'],
  [ExitCode.TERMINATED, 'terminated (SIGTERM); while waiting, the rollout goes on server-side'],
];
