// What a failed answer or connection becomes: the typed error of its status and body (the
// API's four error shapes), and a network error's code in words.
import { ApiError, AuthError, ConflictError, NotFoundError, UnavailableError, ValidationError } from './errors.js';
import { readErrorBody } from './error-body.js';

export function errorFor(status: number, endpoint: string, body: unknown, permission: string | undefined, attempts: number, sent?: unknown): ApiError {
  const said = readErrorBody(body);
  const message = said.message ? (said.detail ? `${said.message}: ${said.detail}` : said.message) : undefined;
  const err = ((): ApiError => {
    if (status === 401) return new AuthError(message ?? 'the token was rejected (401)', status, endpoint, undefined, body);
    if (status === 403) return new AuthError(message ?? 'the token is not allowed to do this (403)', status, endpoint, permission, body);
    if (status === 404) return new NotFoundError(message ?? `not found: ${endpoint}`, status, endpoint, body);
    if (status === 409) return new ConflictError(message ?? 'the API refused the request (409 conflict)', status, endpoint, body);
    // A 422 `{error: "... cannot be started in its current state"}` refuses the resource's
    // state, not the input: it reads like a 409 (exit 1), not a validation error (exit 2).
    if (status === 422 && said.stateRefusal) return new ConflictError(message ?? 'the API refused the request (422)', status, endpoint, body);
    if (status === 400 || status === 422) return new ValidationError(message ?? `the API rejected the request (${status})`, status, endpoint, said.fieldErrors, body);
    if (status === 429) return new UnavailableError(`rate limited by the API on ${endpoint} (429 after ${attempts} attempts)`, status, endpoint, body);
    if (status >= 500)
      return new UnavailableError(`the API answered ${status} on ${endpoint}${attempts > 1 ? ` after ${attempts} attempts` : ''}${message ? `: ${message}` : ''}`, status, endpoint, body);
    return new ApiError(message ?? `unexpected status ${status} on ${endpoint}`, status, endpoint, body);
  })();
  if (said.code !== undefined) err.code = said.code;
  if (said.retryable !== undefined) err.retryable = said.retryable;
  if (sent !== undefined) err.sent = sent;
  return err;
}

export function parseJsonLoose(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const NETWORK_WORDS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host lookup failed',
  ETIMEDOUT: 'connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connect timed out',
  UND_ERR_HEADERS_TIMEOUT: 'no response in time',
  UND_ERR_BODY_TIMEOUT: 'response body stalled',
  UND_ERR_SOCKET: 'connection closed by the server',
  UND_ERR_CLOSED: 'connection closed',
};

export function errorCode(err: unknown): string {
  const e = err as { code?: string; cause?: { code?: string }; name?: string };
  const code = e?.code ?? e?.cause?.code ?? e?.name ?? 'network error';
  return NETWORK_WORDS[code] ? `${NETWORK_WORDS[code]}: ${code}` : code;
}
