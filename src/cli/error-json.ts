// Errors as data (docs/wire-format.md#errors-as-json): under --json, --query or
// INFRA_ERROR_FORMAT=json a failure is one JSON object on one line of stderr, so a script reads
// the code, the HTTP status and whether a retry may help without parsing English. Pure but
// for `wantsJsonErrors`' reading of argv and the environment.
import {
  AmbiguousNameError,
  ApiError,
  AuthError,
  ConflictError,
  DeadlineError,
  MissingTokenError,
  NoSuchNameError,
  NotFoundError,
  ResponseShapeError,
  UnavailableError,
  ValidationError,
} from '../client/errors.js';
import { EndlessListError } from '../client/walk-bounds.js';
import { ExitCode } from '../shared/exit-codes.js';
import { TooDeepError } from '../shared/json-text.js';
import { redactUrl } from '../shared/api-host.js';
import { CliError, InterruptedError } from './errors.js';
import type { Failure } from './exit-codes.js';

/**
 * The codes the client itself gives (an error the API named keeps the API's `error.code`).
 * The last group is the exit-code table's own names, lowercased, for a failure that is said
 * by its exit code alone (a wait's verdict, a command's own refusal).
 */
export const CLIENT_ERROR_CODES = [
  'usage',
  'ambiguous_name',
  'validation',
  'auth',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'request_timeout',
  'network',
  'unavailable',
  'bad_response',
  'incomplete_list',
  'unexpected',
  // A run's own end: its exit code is passed through (RUN_EXIT_RULES), so the code says which.
  'run_failed',
  'run_timed_out',
  'run_cancelled',
] as const;

/** The exit code's name in the one table, as a code: NOT_FOUND → not_found (new codes come with their names). */
function exitCodeName(code: number): string | undefined {
  return Object.entries(ExitCode)
    .find(([, v]) => v === code)?.[0]
    .toLowerCase();
}

/** Every code the client may print: its own, then one per exit code of the table. */
export const ERROR_CODES: readonly string[] = [...new Set([...CLIENT_ERROR_CODES, ...Object.values(ExitCode).flatMap((c) => exitCodeName(c) ?? [])])];

export interface ErrorJson {
  error: {
    code: string;
    message: string;
    exit_code: number;
    http_status: number | null;
    retryable: boolean;
    fields: Record<string, string[]>;
    hint: string | null;
    /** Lines that came with the message (a wait's findings), as text. */
    details: string[];
    request: { method: string; path: string } | null;
  };
}

const RETRYABLE = new Set(['rate_limited', 'request_timeout', 'network', 'unavailable']);

/** The client's code for an error the API gave no code of its own. */
function clientCode(err: unknown, exitCode: number): string {
  if (err instanceof CliError && err.code !== undefined) return err.code;
  if (err instanceof CliError || err instanceof InterruptedError) return exitCodeName(exitCode) ?? 'failed';
  if (err instanceof AmbiguousNameError) return 'ambiguous_name';
  if (err instanceof MissingTokenError) return 'auth';
  if (err instanceof ValidationError) return 'validation';
  if (err instanceof AuthError) return err.status === 403 ? 'forbidden' : 'auth';
  if (err instanceof NotFoundError) return 'not_found';
  if (err instanceof DeadlineError) return 'request_timeout';
  if (err instanceof UnavailableError) return err.status === 0 ? 'network' : err.status === 429 ? 'rate_limited' : 'unavailable';
  if (err instanceof ConflictError) return 'conflict';
  if (err instanceof ResponseShapeError || err instanceof TooDeepError) return 'bad_response';
  if (err instanceof EndlessListError) return 'incomplete_list';
  if (err instanceof ApiError) return err.status === 429 ? 'rate_limited' : err.status >= 500 ? 'unavailable' : (exitCodeName(exitCode) ?? 'failed');
  if (exitCode === ExitCode.INTERRUPTED || exitCode === ExitCode.TERMINATED) return exitCodeName(exitCode)!;
  return 'unexpected';
}

/** `METHOD /path` of a failed request as its parts; the path only (never a host or a query). */
function requestOf(err: unknown): ErrorJson['error']['request'] {
  if (!(err instanceof ApiError)) return null;
  const m = /^([A-Z]+) (\S+)/.exec(err.endpoint);
  if (!m) return null;
  const path = redactUrl(m[2]!).split(/[?#]/)[0]!;
  return { method: m[1]!, path };
}

/** The one object for a failure: `err` as thrown, `failure` as classify() worded it. */
export function errorJson(err: unknown, failure: Failure): ErrorJson {
  const api = err instanceof ApiError ? err : undefined;
  const code = api?.code ?? clientCode(err, failure.code);
  // A name looked up in a list that answered: no 404 came back.
  const status = api && api.status > 0 && !(err instanceof NoSuchNameError) ? api.status : null;
  const retryable = api?.retryable ?? (RETRYABLE.has(code) || (status !== null && (status >= 500 || status === 429)));
  const fields = err instanceof ValidationError ? err.fieldErrors : {};
  // A 422's field lines are in `fields`; other details (a wait's findings) stay as lines.
  const details = err instanceof ValidationError ? [] : (failure.details ?? []);
  return {
    error: {
      code,
      message: failure.message,
      exit_code: failure.code,
      http_status: status,
      retryable,
      fields,
      hint: failure.hint ?? null,
      details,
      request: requestOf(err),
    },
  };
}

/**
 * A usage error commander found before any command ran, from the lines usageLines() made
 * (`error: …` and `hint: …`): the first error is the message, the hints are joined.
 */
export function usageJson(lines: readonly string[]): ErrorJson {
  const errors = lines.filter((l) => l.startsWith('error: ')).map((l) => l.slice('error: '.length));
  const hints = lines.filter((l) => l.startsWith('hint: ')).map((l) => l.slice('hint: '.length));
  return errorJson(new CliError(ExitCode.USAGE, errors[0] ?? 'invalid usage'), {
    code: ExitCode.USAGE,
    message: errors[0] ?? 'invalid usage',
    details: errors.slice(1),
    ...(hints.length ? { hint: hints.join('; ') } : {}),
  });
}

/**
 * Whether failures are printed as JSON: INFRA_ERROR_FORMAT=json or text decides; otherwise
 * JSON output asked for (--json, --query, or `output json` in the config, which `settingsJson`
 * says once settings were read). argv is read up to `--` only: what follows is the command's data.
 */
export function wantsJsonErrors(argv: readonly string[], env: Record<string, string | undefined>, settingsJson?: boolean): boolean {
  const format = env.INFRA_ERROR_FORMAT?.trim().toLowerCase();
  if (format === 'json') return true;
  if (format === 'text') return false;
  if (settingsJson) return true;
  const end = argv.indexOf('--');
  const words = end === -1 ? argv : argv.slice(0, end);
  return words.some((w) => w === '--json' || w === '--query' || w.startsWith('--query='));
}

/** INFRA_ERROR_FORMAT's allowed values, checked with the settings (a typo is said, not ignored). */
export const ERROR_FORMATS = ['json', 'text'] as const;
