// The mapping from every error the client or a command can raise to a code of the one table
// (src/shared/exit-codes.ts), a one-line message and an optional hint. Applied only at the
// outer edge (run.ts).
import {
  AmbiguousNameError,
  ApiError,
  AuthError,
  ConflictError,
  MissingTokenError,
  NotFoundError,
  NoSuchNameError,
  ResponseShapeError,
  UnavailableError,
  ValidationError,
  DeadlineError,
  ProxyError,
} from '../client/errors.js';
import { CliError, InterruptedError } from './errors.js';
import { EndlessListError } from '../client/walk-bounds.js';
import { ProjectOutOfReachError } from '../client/teams.js';
import { NEW_TOKEN_HINT, noSuchName, SCOPE_HINT, takenNameHint } from './error-hints.js';
import { ExitCode } from '../shared/exit-codes.js';
import { TooDeepError } from '../shared/json-text.js';

export interface Failure {
  code: ExitCode;
  message: string;
  /** Extra lines (422 field errors) printed after the message. */
  details?: string[];
  hint?: string;
}

export function classify(err: unknown): Failure {
  if (err instanceof CliError) return { code: err.exitCode, message: err.message, hint: err.hint, details: err.details };
  if (err instanceof InterruptedError) return { code: err.signal === 'SIGTERM' ? ExitCode.TERMINATED : ExitCode.INTERRUPTED, message: err.message };
  if (isAbort(err)) return { code: ExitCode.INTERRUPTED, message: 'interrupted' };
  if (err instanceof AmbiguousNameError) return { code: ExitCode.USAGE, message: err.message };
  if (err instanceof MissingTokenError) return { code: ExitCode.AUTH, message: err.message, hint: "run 'infra auth login' or set INFRA_TOKEN" };
  if (err instanceof ValidationError) {
    const details = Object.entries(err.fieldErrors).flatMap(([field, msgs]) => msgs.map((m) => `  ${field}: ${m}`));
    const hint = takenNameHint(err.endpoint, Object.keys(err.fieldErrors), err.sent);
    return { code: ExitCode.USAGE, message: `${err.message} (${err.status} on ${err.endpoint})`, details, ...(hint ? { hint } : {}) };
  }
  if (err instanceof ProjectOutOfReachError)
    return {
      code: ExitCode.AUTH,
      message: err.message,
      hint: `${err.reachable.length ? `give one of ${err.reachable.join(', ')} with --project (or 'infra config set project ID')` : 'choose another project'}, or use a token made for this project`,
    };
  if (err instanceof AuthError) {
    if (err.status === 401)
      return { code: ExitCode.AUTH, message: `${err.message} (401 on ${err.endpoint})`, hint: "the token is missing, expired or revoked: run 'infra auth login' or set INFRA_TOKEN" };
    // A token created for "this project only" gets a 403 in any other project (docs/behaviour.md#api-auth);
    // the answer says so in words about teams, projects or scope, not by naming a permission.
    const scoped = /\b(team|teams|project|projects|scope|scoped)\b/i.test(err.message);
    // `infra auth status` shows the token's project, not its permissions: it is named only
    // where the project is the problem. A permission is named as the API names it, else as
    // the client expects it for this request.
    const permission = /\bdoes not have the ([\w:-]+) (?:ability|permission)\b/i.exec(err.message)?.[1] ?? err.permission;
    const hint = scoped
      ? `the token is limited to another project: use a token created for this project (or for 'All my projects'), or choose the token's project with --project; ${SCOPE_HINT}`
      : permission
        ? `the token lacks the ${permission} permission: ${NEW_TOKEN_HINT.replace('{permission}', permission)}`
        : `the token lacks a permission or project scope this needs: ${NEW_TOKEN_HINT.replace('{permission}', 'the permissions it needs')}; ${SCOPE_HINT}`;
    return { code: ExitCode.AUTH, message: `${err.message} (403 on ${err.endpoint})`, hint };
  }
  if (err instanceof NoSuchNameError) return { code: ExitCode.NOT_FOUND, ...noSuchName(err) };
  if (err instanceof NotFoundError) return { code: ExitCode.NOT_FOUND, message: `${err.message} (404 on ${err.endpoint})` };
  if (err instanceof DeadlineError)
    return {
      code: ExitCode.UNAVAILABLE,
      message: err.message,
      hint: 'INFRA_HTTP_TIMEOUT sets the time limit of each request, retries included (e.g. INFRA_HTTP_TIMEOUT=2m); --debug shows each attempt',
    };
  if (err instanceof ProxyError)
    return {
      code: ExitCode.UNAVAILABLE,
      message: err.message,
      hint: 'check HTTPS_PROXY / HTTP_PROXY (credentials go in the proxy URL; NO_PROXY lists hosts reached directly); --debug shows each attempt',
    };
  if (err instanceof UnavailableError) {
    const hint = err.status === 0 ? 'check the API URL and the network (--debug shows each attempt)' : 'the service is unavailable; try again later (--debug shows each attempt)';
    return { code: ExitCode.UNAVAILABLE, message: err.message, hint };
  }
  if (err instanceof TooDeepError) return { code: ExitCode.FAILED, message: err.message, hint: '--debug shows the exchange' };
  if (err instanceof EndlessListError)
    return { code: ExitCode.FAILED, message: err.message, hint: 'what was printed before this is only part of the list; narrow it (filters, --limit), and --debug shows the pages the API sent' };
  if (err instanceof ResponseShapeError) return { code: ExitCode.FAILED, message: err.message, hint: 'the API answered something this client cannot read; --debug shows the exchange' };
  if (err instanceof ConflictError) return { code: ExitCode.FAILED, message: `refused by the API: ${err.message}` };
  if (err instanceof ApiError) return { code: ExitCode.FAILED, message: err.message };
  const message = err instanceof Error ? err.message : String(err);
  return { code: ExitCode.FAILED, message: `unexpected error: ${message}`, hint: 'run again with --debug for details' };
}

function isAbort(err: unknown): boolean {
  return err instanceof Error && (err.name === 'AbortError' || (err as { code?: string }).code === 'ABORT_ERR');
}
