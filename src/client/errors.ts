// Typed errors of the API client. The CLI maps each class to one exit code (src/cli/exit-codes.ts);
// library users can branch on the class. Nothing here knows about terminals.

export interface ErrorContext {
  /** `METHOD /api/v1/...` of the request that failed. */
  endpoint: string;
}

export class ApiError extends Error {
  override name = 'ApiError';
  /** The JSON body of the request that was refused (a 422's hint names the field's value). */
  sent?: unknown;
  /** The machine key of an envelope error (`error.code`), when the answer had one. */
  code?: string;
  /** The server's word on retrying (`retryable`); `false` means a retry cannot help. */
  retryable?: boolean;
  /** The response headers of the refusal, when there was a response (`retry-after`...). */
  headers?: Record<string, string>;
  constructor(
    message: string,
    readonly status: number,
    readonly endpoint: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

/** 409: the API refused the request because of the resource's state (a rule, not a bug). */
export class ConflictError extends ApiError {
  override name = 'ConflictError';
}

/** 422 (or 400) with `message` and `errors: {field: [messages]}`. */
export class ValidationError extends ApiError {
  override name = 'ValidationError';
  constructor(
    message: string,
    status: number,
    endpoint: string,
    readonly fieldErrors: Record<string, string[]>,
    body?: unknown,
  ) {
    super(message, status, endpoint, body);
  }
}

/** 401 or 403; `permission` names what the token lacks when known (docs/behaviour.md#api-auth). */
export class AuthError extends ApiError {
  override name = 'AuthError';
  constructor(
    message: string,
    status: number,
    endpoint: string,
    readonly permission?: string,
    body?: unknown,
  ) {
    super(message, status, endpoint, body);
  }
}

export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}

/**
 * A reference matched nothing in the family's list (the list itself answered): what was
 * looked through, so the message can say where it looked and suggest a near name.
 */
export class NoSuchNameError extends NotFoundError {
  override name = 'NoSuchNameError';
  constructor(
    message: string,
    endpoint: string,
    readonly lookup: {
      ref: string;
      noun: string;
      count: number;
      names: string[];
      path: string;
      /** A resource of another product with that name, found by search (`orders` is a database). */
      elsewhere?: { type: { command: string; noun: string }; name: string; id?: string };
    },
  ) {
    super(message, 404, endpoint);
  }
}

/** Network failure, timeout, 5xx or 429 once retries are used up; `status` is 0 without a response. */
export class UnavailableError extends ApiError {
  override name = 'UnavailableError';
}

/** The request failed at the proxy (HTTPS_PROXY/HTTP_PROXY), not at the API: the message names the proxy. */
export class ProxyError extends UnavailableError {
  override name = 'ProxyError';
}

/** No complete answer within the time limit of a request, its retries and their waits included. */
export class DeadlineError extends UnavailableError {
  override name = 'DeadlineError';
  constructor(
    message: string,
    endpoint: string,
    /** The time limit that ran out, in milliseconds. */
    readonly limitMs: number,
  ) {
    super(message, 0, endpoint);
  }
}

/** A response that is not JSON or lacks a required field. */
export class ResponseShapeError extends ApiError {
  override name = 'ResponseShapeError';
  constructor(
    message: string,
    status: number,
    endpoint: string,
    readonly field?: string,
  ) {
    super(message, status, endpoint);
  }
}

/** No token configured: nothing was sent. */
export class MissingTokenError extends Error {
  override name = 'MissingTokenError';
}

/** A name matches several resources: the user has to give the id. */
export class AmbiguousNameError extends Error {
  override name = 'AmbiguousNameError';
}
