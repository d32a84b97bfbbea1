// The client's request and response types: what a caller passes to HttpClient (options of
// the client, of one request) and what it gets back. The transport lives in http.ts.
import type { Dispatcher, FormData } from 'undici';
import type * as z from 'zod/mini';
import type { Clock } from './clock.js';
import type { RateLimit } from './retry.js';
import type { BodyBuffer } from './http-body.js';
import type { UploadBody } from './form-data.js';
import type { NameMemory } from './resolve.js';

export interface HttpOptions {
  /** Service host; `/api/v1` is appended (a trailing `/api/v1` is tolerated). */
  apiUrl: string;
  token: string;
  /**
   * Project (team) sent as `X-Team-Id`: its integer id, or its name (looked up once in
   * GET /user/teams before the first request). Omitted → the account default project.
   */
  project?: string;
  /** Ids names resolved to, remembered between commands (the CLI's cache; none for library users unless given). */
  names?: NameMemory;
  userAgent?: string;
  /** Injectable transport (tests, proxies, library users). */
  dispatcher?: Dispatcher;
  /**
   * The environment the proxy variables (HTTP(S)_PROXY, NO_PROXY) are read from; the CLI
   * passes its context's. Default: none, so a library user gets a direct connection unless
   * it passes an environment (as Node's own fetch ignores proxy variables unless told).
   */
  env?: Readonly<Record<string, string | undefined>>;
  /** Retries after the first attempt (docs/behaviour.md#http: at least 3 attempts in all). */
  maxRetries?: number;
  clock?: Clock;
  random?: () => number;
  /** Receives one line per request, response and retry decision; the token is masked. */
  trace?: (line: string) => void;
  /**
   * Time limit of one request, its retries and the waits between them included (default
   * 60 s): past it the request ends with a DeadlineError, whatever the server does.
   */
  deadlineMs?: number;
  /**
   * Idle timeouts of an attempt (default: half the deadline, at most 10 s to connect and 30 s
   * for an answer or the next piece of its body, so a second attempt fits in the deadline);
   * `total` bounds a whole attempt, answer and body: a body trickling in forever never resets it.
   */
  timeoutMs?: { connect?: number; headers?: number; body?: number; total?: number };
  /**
   * Told before every wait for a retry (after a 429, a 502/503/504 or a network failure),
   * with how long it is: the client prints nothing itself; the CLI says what it waits for.
   */
  onWait?: (wait: RetryWait) => void;
  /**
   * Told when a request starts (its endpoint and time limit); the function it returns is
   * called when the request ends, however it ends. The CLI says what it waits for when an
   * answer is slow to come; the client prints nothing itself.
   */
  onRequest?: (endpoint: string, limitMs: number) => () => void;
  /** Longest wait the client accepts for a 429 before giving up. */
  maxRateLimitWaitMs?: number;
  /** Largest response body read, in bytes. */
  maxBodyBytes?: number;
  signal?: AbortSignal;
}

/** A wait before a retry, as told to `onWait`. */
export interface RetryWait {
  /** `METHOD /api/v1/path` */
  endpoint: string;
  /** rate-limit: a 429; status: a 502/503/504; network: no answer, or one cut off. */
  reason: 'rate-limit' | 'status' | 'network';
  /** The status for rate-limit and status; the network error for network. */
  status?: number;
  problem?: string;
  waitMs: number;
  /** The attempt that follows the wait (1-based), of `attempts` in all. */
  attempt: number;
  attempts: number;
}

/** What the client needs of a schema: every zod schema is one; the list reader (paginate.ts) is another. */
export interface Reader<T> {
  safeParse(json: unknown): { success: true; data: T } | { success: false; error: z.core.$ZodError };
  /**
   * Reads a 2xx body straight from its bytes, without parsing all of it at once (a long page
   * read piece by piece); undefined to have the body parsed and `safeParse`d as usual, which
   * is also how any answer it cannot read is reported: `fail()` throws that error, for a part
   * found unreadable later.
   */
  readBytes?(bytes: Buffer, on: { endpoint: string; fail(): never }): { data: T } | undefined;
}

export interface RequestOptions<T> {
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** A multipart/form-data body (an upload) instead of JSON; undici writes its content type. */
  form?: FormData;
  /**
   * A streamed body (an upload: src/client/form-data.ts). Its time limit counts while it
   * stalls, not while it moves: the request fails when the server takes no bytes for the
   * request's time limit, or gives no answer within it once the whole body is sent.
   */
  upload?: UploadBody;
  /** Told the bytes of `upload` the transport took so far (progress; what an interrupted upload says). */
  onUploaded?: (sent: number, total: number) => void;
  headers?: Record<string, string>;
  schema?: Reader<T>;
  /** Permission the endpoint needs (docs/behaviour.md#api-auth), named in a 403 when the body does not say. */
  permission?: string;
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** A 2xx without a body (204) is fine: `data` is then undefined, whatever the schema. */
  optionalBody?: boolean;
  /** Send no X-Team-Id (the lookup of a project by name). */
  noTeam?: boolean;
  /** Keep the body as received in the response (`bytes`): for callers that print parts of it as sent. */
  keepBytes?: boolean;
  /** Read the body into this (the caller is done with the previous body read into it). */
  bodyBuffer?: BodyBuffer;
}

export interface ApiResponse<T> {
  status: number;
  data: T;
  /** The JSON as the API sent it (`--json` prints this, not the parsed view). */
  raw: unknown;
  headers: Record<string, string>;
  rateLimit?: RateLimit;
  /** The body as received, when asked for (`keepBytes`). */
  bytes?: Buffer;
}
