// The HTTP core of the client: authentication, project header, retries with backoff and
// rate-limit awareness, timeouts, response parsing and typed errors. The transport is an
// undici Dispatcher so tests and library users can inject their own.
import type { Dispatcher, FormData } from 'undici';
import { createAgent, send } from './undici.js';
import type * as z from 'zod/mini';
import {
  ApiError,
  AuthError,
  ConflictError,
  NotFoundError,
  ResponseShapeError,
  UnavailableError,
  ValidationError,
} from './errors.js';
import { describeIssue } from './parse.js';
import { readErrorBody } from './error-body.js';
import { TeamsAnswer } from './schemas.js';
import { isTeamId, pickTeam } from './teams.js';
import { parseRateLimit, retryDelayMs, type RateLimit } from './retry.js';

export type { RateLimit } from './retry.js';

import { systemClock, type Clock } from './clock.js';

export { systemClock, type Clock } from './clock.js';

export interface HttpOptions {
  /** Service host; `/api/v1` is appended (a trailing `/api/v1` is tolerated). */
  apiUrl: string;
  token: string;
  /**
   * Project (team) sent as `X-Team-Id`: its integer id, or its name (looked up once in
   * GET /user/teams before the first request). Omitted → the account default project.
   */
  project?: string;
  userAgent?: string;
  /** Injectable transport (tests, proxies, library users). */
  dispatcher?: Dispatcher;
  /** Retries after the first attempt (contract: at least 3 attempts in all). */
  maxRetries?: number;
  clock?: Clock;
  random?: () => number;
  /** Receives one line per request, response and retry decision; the token is masked. */
  trace?: (line: string) => void;
  /** `total` bounds a whole attempt, answer and body: a body trickling in forever never resets it. */
  timeoutMs?: { connect?: number; headers?: number; body?: number; total?: number };
  /** Longest wait the client accepts for a 429 before giving up. */
  maxRateLimitWaitMs?: number;
  /** Largest response body read, in bytes. */
  maxBodyBytes?: number;
  signal?: AbortSignal;
}

export interface RequestOptions<T> {
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** A multipart/form-data body (an upload) instead of JSON; undici writes its content type. */
  form?: FormData;
  headers?: Record<string, string>;
  schema?: z.ZodMiniType<T>;
  /** Permission the endpoint needs (spec 5.1), named in a 403 when the body does not say. */
  permission?: string;
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** A 2xx without a body (204) is fine: `data` is then undefined, whatever the schema. */
  optionalBody?: boolean;
  /** Send no X-Team-Id (the lookup of a project by name). */
  noTeam?: boolean;
}

export interface ApiResponse<T> {
  status: number;
  data: T;
  /** The JSON as the API sent it (`--json` prints this, not the parsed view). */
  raw: unknown;
  headers: Record<string, string>;
  rateLimit?: RateLimit;
}

const DEFAULT_RETRIES = 3;
const DEFAULT_TOTAL_MS = 300_000;
const RETRYABLE_STATUS = new Set([502, 503, 504]);

export function normalizeApiUrl(apiUrl: string): string {
  return apiUrl.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
}

export class HttpClient {
  readonly apiUrl: string;
  /** The rate-limit headers of the latest response (the poller slows down on them). */
  lastRateLimit?: RateLimit;
  /** Created on the first request: the proxy agent is loaded only when a proxy is configured. */
  private dispatcher?: Promise<Dispatcher>;
  private readonly clock: Clock;
  private readonly random: () => number;
  private teamLookup?: Promise<string>;

  constructor(private readonly options: HttpOptions) {
    this.apiUrl = normalizeApiUrl(options.apiUrl);
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
  }

  private transport(): Promise<Dispatcher> {
    const t = this.options.timeoutMs ?? {};
    this.dispatcher ??= this.options.dispatcher
      ? Promise.resolve(this.options.dispatcher)
      : createAgent({
          keepAliveTimeout: 4_000,
          connect: { timeout: t.connect ?? 10_000 },
          headersTimeout: t.headers ?? 30_000,
          bodyTimeout: t.body ?? 30_000,
        });
    return this.dispatcher;
  }

  get project(): string | undefined {
    return this.options.project;
  }

  /** The team id to send: the project as given when it is an id, else its id looked up by name. */
  private teamId(signal: AbortSignal | undefined): Promise<string | undefined> {
    const project = this.options.project;
    if (project === undefined || isTeamId(project)) return Promise.resolve(project);
    this.teamLookup ??= this.get('/user/teams', { schema: TeamsAnswer, signal, noTeam: true }).then((res) => pickTeam(res.data.data, project));
    return this.teamLookup;
  }

  async close(): Promise<void> {
    if (!this.options.dispatcher && this.dispatcher) await (await this.dispatcher).close();
  }

  get<T>(path: string, opts: RequestOptions<T> = {}) {
    return this.request<T>('GET', path, opts);
  }

  async request<T>(method: string, path: string, opts: RequestOptions<T> = {}): Promise<ApiResponse<T>> {
    const url = this.url(path, opts.query);
    const endpoint = `${method} ${new URL(url).pathname}`;
    const team = opts.noTeam ? undefined : await this.teamId(opts.signal);
    const headers = this.headers(opts, team);
    const payload = opts.form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
    if (typeof payload === 'string') headers['content-type'] = 'application/json';
    const attempts = 1 + Math.max(0, this.options.maxRetries ?? DEFAULT_RETRIES);
    const replayable = method === 'GET' || method === 'HEAD' || opts.idempotencyKey !== undefined;
    const signal = anySignal(opts.signal, this.options.signal);

    for (let attempt = 1; ; attempt++) {
      const started = this.clock.now();
      this.trace(`→ ${method} ${url} ${maskHeaders(headers)}`);
      const deadline = attemptDeadline(this.options.timeoutMs?.total ?? DEFAULT_TOTAL_MS, signal);
      let res: Dispatcher.ResponseData;
      try {
        res = await send(await this.transport(), new URL(url), { method: method as Dispatcher.HttpMethod, headers, body: payload, signal: deadline.signal });
      } catch (err) {
        deadline.clear();
        if (signal?.aborted) throw signal.reason;
        const code = deadline.expired() ? deadline.code : errorCode(err);
        // A refused connection never reached the server, so even a POST is safe to repeat.
        const safe = replayable || code.endsWith('ECONNREFUSED');
        if (safe && attempt < attempts) {
          const wait = retryDelayMs(attempt, undefined, this.random);
          this.trace(`✗ ${endpoint} ${code} after ${this.clock.now() - started}ms; retry ${attempt}/${attempts - 1} in ${wait}ms`);
          await this.clock.sleep(wait, signal);
          continue;
        }
        this.trace(`✗ ${endpoint} ${code}; giving up${safe ? '' : ' (not retried: the request may have been applied)'}`);
        throw new UnavailableError(`cannot reach ${this.apiUrl} (${code}) on ${endpoint}`, 0, endpoint);
      }
      const rateLimit = parseRateLimit(res.headers);
      if (rateLimit) this.lastRateLimit = rateLimit;
      let text: string;
      try {
        text = await readBody(res.body, this.options.maxBodyBytes ?? 64 * 1024 * 1024);
      } catch (err) {
        if (signal?.aborted) throw signal.reason;
        if (err instanceof ResponseShapeError) throw new ResponseShapeError(`${err.message} from ${endpoint}`, res.statusCode, endpoint);
        const code = deadline.expired() ? deadline.code : errorCode(err);
        if (replayable && attempt < attempts) {
          const wait = retryDelayMs(attempt, undefined, this.random);
          this.trace(`✗ ${endpoint} body ${code}; retry ${attempt}/${attempts - 1} in ${wait}ms`);
          await this.clock.sleep(wait, signal);
          continue;
        }
        throw new UnavailableError(`the response of ${endpoint} was cut off (${code})`, res.statusCode, endpoint);
      } finally {
        deadline.clear();
      }
      const status = res.statusCode;
      this.trace(`← ${status} ${endpoint} ${this.clock.now() - started}ms${rateLimit ? ` ratelimit ${rateLimit.remaining}/${rateLimit.limit}` : ''}`);

      const retryableStatus = status === 429 || (replayable && RETRYABLE_STATUS.has(status));
      // An answer that says `retryable: false` is final, whatever its status (contract 12).
      const refusesRetry = retryableStatus && attempt < attempts && readErrorBody(parseJsonLoose(text)).retryable === false;
      if (refusesRetry) this.trace(`✗ ${endpoint} ${status} says retryable: false; not retried`);
      if (retryableStatus && attempt < attempts && !refusesRetry) {
        const wait = retryDelayMs(attempt, status === 429 ? res.headers : undefined, this.random, this.clock.now());
        const bound = this.options.maxRateLimitWaitMs ?? 60_000;
        if (wait <= bound) {
          this.trace(`↻ ${endpoint} ${status}; retry ${attempt}/${attempts - 1} in ${wait}ms`);
          await this.clock.sleep(wait, signal);
          continue;
        }
        this.trace(`✗ ${endpoint} 429 asks to wait ${wait}ms, more than ${bound}ms; giving up`);
      }
      if (status >= 200 && status < 300) {
        const raw = this.json(text, res.headers, opts.schema !== undefined && !opts.optionalBody, status, endpoint);
        const data = raw === undefined && opts.optionalBody ? (undefined as T) : this.validate(raw, opts.schema, status, endpoint);
        return { status, data, raw, headers: flatHeaders(res.headers), rateLimit };
      }
      throw errorFor(status, endpoint, parseJsonLoose(text), opts.permission, attempt);
    }
  }

  private url(path: string, query?: RequestOptions<unknown>['query']): string {
    const rel = path.startsWith('/api/') ? path : `/api/v1${path.startsWith('/') ? '' : '/'}${path}`;
    const url = new URL(this.apiUrl + rel);
    for (const [k, v] of Object.entries(query ?? {})) {
      if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
    }
    return url.toString();
  }

  private headers(opts: RequestOptions<unknown>, team: string | undefined): Record<string, string> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.options.token}`,
      accept: 'application/json',
      'user-agent': this.options.userAgent ?? `infra-cli node/${process.versions.node}`,
    };
    if (team) headers['x-team-id'] = team;
    if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey;
    return { ...headers, ...opts.headers };
  }

  private json(text: string, headers: Dispatcher.ResponseData['headers'], required: boolean, status: number, endpoint: string): unknown {
    if (text.trim() === '') {
      if (!required) return undefined;
      throw new ResponseShapeError(`the response of ${endpoint} is empty`, status, endpoint);
    }
    try {
      return JSON.parse(text);
    } catch {
      const type = String(headers['content-type'] ?? 'no content-type');
      throw new ResponseShapeError(`the response of ${endpoint} is not JSON (${type})`, status, endpoint);
    }
  }

  private validate<T>(json: unknown, schema: z.ZodMiniType<T> | undefined, status: number, endpoint: string): T {
    if (!schema) return json as T;
    const parsed = schema.safeParse(json);
    if (parsed.success) return parsed.data;
    const { field, problem } = describeIssue(parsed.error, json);
    throw new ResponseShapeError(`the response of ${endpoint} ${problem}`, status, endpoint, field);
  }

  private trace(line: string) {
    this.options.trace?.(line);
  }
}

function errorFor(status: number, endpoint: string, body: unknown, permission: string | undefined, attempts: number): ApiError {
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
    if (status >= 500) return new UnavailableError(`the API answered ${status} on ${endpoint}${attempts > 1 ? ` after ${attempts} attempts` : ''}${message ? `: ${message}` : ''}`, status, endpoint, body);
    return new ApiError(message ?? `unexpected status ${status} on ${endpoint}`, status, endpoint, body);
  })();
  if (said.code !== undefined) err.code = said.code;
  if (said.retryable !== undefined) err.retryable = said.retryable;
  return err;
}

function parseJsonLoose(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function readBody(body: Dispatcher.ResponseData['body'], max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > max) {
      body.destroy();
      throw new ResponseShapeError(`a response larger than ${Math.round(max / 1048576)} MiB was refused`, 0, '');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function flatHeaders(headers: Dispatcher.ResponseData['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

function maskHeaders(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([k, v]) => `${k}: ${k === 'authorization' ? 'Bearer ***' : v}`)
    .join('; ');
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

function errorCode(err: unknown): string {
  const e = err as { code?: string; cause?: { code?: string }; name?: string };
  const code = e?.code ?? e?.cause?.code ?? e?.name ?? 'network error';
  return NETWORK_WORDS[code] ? `${NETWORK_WORDS[code]}: ${code}` : code;
}

/** A per-attempt deadline on real time (a network bound, not a wait the clock could skip). */
function attemptDeadline(totalMs: number, outer: AbortSignal | undefined) {
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(new Error('attempt deadline')), totalMs);
  timer.unref?.();
  return {
    signal: anySignal(outer, ctl.signal),
    expired: () => ctl.signal.aborted,
    code: `no complete answer within ${totalMs}ms`,
    clear: () => clearTimeout(timer),
  };
}

function anySignal(...signals: (AbortSignal | undefined)[]): AbortSignal | undefined {
  const present = signals.filter((s): s is AbortSignal => !!s);
  if (present.length <= 1) return present[0];
  return AbortSignal.any(present);
}
