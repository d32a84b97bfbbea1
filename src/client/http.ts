// The HTTP core of the client: authentication, project header, retries with backoff and
// rate-limit awareness, timeouts, response parsing and typed errors. The transport is an
// undici Dispatcher so tests and library users can inject their own.
import type { Dispatcher } from 'undici';
import { createAgent, send } from './undici.js';
import { DeadlineError, NotFoundError, ProxyError, ResponseShapeError, UnavailableError } from './errors.js';
import { ProxyFailure } from './proxy.js';
import { describeIssue } from './parse.js';
import { readErrorBody } from './error-body.js';
import { errorCode, errorFor, parseJsonLoose } from './http-errors.js';
import { anySignal, attemptDeadline, BodyBuffer, flatHeaders, maskHeaders, readBody, uploadDeadline, UploadStalledError } from './http-body.js';

export { BodyBuffer } from './http-body.js';
import { TeamsAnswer } from './schemas.js';
import { isTeamId, pickTeam, reachProblem } from './teams.js';
import type { Team } from './schemas.js';
import { decideRetry, parseRateLimit, type Outcome, type RateLimit } from './retry.js';

export type { RateLimit } from './retry.js';

import { systemClock, type Clock } from './clock.js';
import { formatDuration } from '../shared/duration.js';
import { ServerClock } from './server-clock.js';

export { systemClock, type Clock } from './clock.js';

export type { ApiResponse, HttpOptions, Reader, RequestOptions, RetryWait } from './http-types.js';
import type { ApiResponse, HttpOptions, Reader, RequestOptions } from './http-types.js';

interface Attempt {
  outcome: Outcome;
  /** The attempt was cut by its time limit (no complete answer in time). */
  expired?: boolean;
  /** The body of a complete answer (empty otherwise). */
  bytes: Buffer;
  rateLimit?: RateLimit;
}

const EMPTY = Buffer.alloc(0);
const DEFAULT_RETRIES = 3;
const DEFAULT_TOTAL_MS = 300_000;
/** The default time limit of a request, retries included (so that every command ends by itself: docs/behaviour.md#http). */
export const DEFAULT_DEADLINE_MS = 60_000;
/** Statuses decideRetry() may repeat: their error body's `retryable` is read. */
const MAYBE_RETRIED = new Set([429, 502, 503, 504]);

export function normalizeApiUrl(apiUrl: string): string {
  return apiUrl.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
}

export class HttpClient {
  readonly apiUrl: string;
  /** The rate-limit headers of the latest response (the poller slows down on them). */
  lastRateLimit?: RateLimit;
  /** The server's clock as its `Date` headers say it: relative times are measured against it. */
  readonly serverClock = new ServerClock();
  /** Created on the first request: the proxy agent is loaded only when a proxy is configured. */
  private dispatcher?: Promise<Dispatcher>;
  private readonly clock: Clock;
  private readonly random: () => number;
  private teamLookup?: Promise<string>;
  private teamsRead?: Promise<{ data: Team[]; token_team_id?: string | null }>;
  private reachCheck?: Promise<void>;

  constructor(private readonly options: HttpOptions) {
    this.apiUrl = normalizeApiUrl(options.apiUrl);
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
  }

  private get deadlineMs(): number {
    return this.options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  }

  private transport(): Promise<Dispatcher> {
    const t = this.options.timeoutMs ?? {};
    const half = Math.max(1, Math.floor(this.deadlineMs / 2));
    this.dispatcher ??= this.options.dispatcher
      ? Promise.resolve(this.options.dispatcher)
      : createAgent(
          {
            keepAliveTimeout: 4_000,
            connect: { timeout: t.connect ?? Math.min(10_000, half) },
            headersTimeout: t.headers ?? Math.min(30_000, half),
            bodyTimeout: t.body ?? Math.min(30_000, half),
          },
          this.options.env ?? {},
        );
    return this.dispatcher;
  }

  /** The server's now (epoch ms): the local clock corrected by the latest `Date` header. */
  serverNow(): number {
    return this.serverClock.now(this.clock.now());
  }

  get project(): string | undefined {
    return this.options.project;
  }

  /** The team id to send: the project as given when it is an id, else its id looked up by name. */
  private teamId(signal: AbortSignal | undefined): Promise<string | undefined> {
    const project = this.options.project;
    if (project === undefined || isTeamId(project)) return Promise.resolve(project);
    this.teamLookup ??= this.readTeams(signal).then((teams) => pickTeam(teams.data, project));
    return this.teamLookup;
  }

  /** GET /user/teams, once per client: a name lookup and the reach check share it. */
  private readTeams(signal: AbortSignal | undefined) {
    this.teamsRead ??= this.get('/user/teams', { schema: TeamsAnswer, signal, noTeam: true }).then((res) => res.data);
    return this.teamsRead;
  }

  /**
   * Before the first write in a project: the token must reach it (docs/security/hosts-and-tokens.md#contexts).
   * A project from an old context or a mistyped id is refused here, naming the ones it reaches,
   * rather than half a change being made. One read per process; reads are not checked (the
   * server refuses them itself, and they change nothing). A server without the teams route
   * (404) is left to refuse on its own.
   */
  private checkReach(team: string, signal: AbortSignal | undefined): Promise<void> {
    this.reachCheck ??= this.readTeams(signal).then(
      (teams) => {
        const problem = reachProblem(teams, team);
        if (problem) throw problem;
      },
      (err: unknown) => {
        if (!(err instanceof NotFoundError)) throw err;
      },
    );
    return this.reachCheck;
  }

  async close(): Promise<void> {
    if (!this.options.dispatcher && this.dispatcher) await (await this.dispatcher).close();
  }

  get<T>(path: string, opts: RequestOptions<T> = {}) {
    return this.request<T>('GET', path, opts);
  }

  async request<T>(method: string, path: string, opts: RequestOptions<T> = {}): Promise<ApiResponse<T>> {
    const end = this.options.onRequest?.(`${method} ${new URL(this.url(path)).pathname}`, this.deadlineMs);
    try {
      return await this.exchange<T>(method, path, opts);
    } finally {
      end?.();
    }
  }

  /** One request: its attempts, their retries and the answer (request() watches it). */
  private async exchange<T>(method: string, path: string, opts: RequestOptions<T>): Promise<ApiResponse<T>> {
    const url = this.url(path, opts.query);
    const endpoint = `${method} ${new URL(url).pathname}`;
    const team = opts.noTeam ? undefined : await this.teamId(opts.signal);
    if (team !== undefined && method !== 'GET' && method !== 'HEAD') await this.checkReach(team, opts.signal);
    const headers = this.headers(opts, team);
    const payload = opts.form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
    if (typeof payload === 'string') headers['content-type'] = 'application/json';
    if (opts.upload) {
      headers['content-type'] = opts.upload.contentType;
      headers['content-length'] = String(opts.upload.length);
    }
    const attempts = 1 + Math.max(0, this.options.maxRetries ?? DEFAULT_RETRIES);
    const replayable = method === 'GET' || method === 'HEAD' || opts.idempotencyKey !== undefined;
    const signal = anySignal(opts.signal, this.options.signal);
    const maxWaitMs = this.options.maxRateLimitWaitMs ?? 60_000;
    const limitMs = this.deadlineMs;
    // An upload is never cut while it moves: its attempts watch for a stall instead (uploadDeadline).
    const deadlineAt = opts.upload ? Number.POSITIVE_INFINITY : this.clock.now() + limitMs;
    const timedOut = (tries: number) => new DeadlineError(`no answer from ${endpoint} within ${formatDuration(limitMs)}${tries > 1 ? ` (${tries} attempts)` : ''}`, endpoint, limitMs);

    for (let attempt = 1; ; attempt++) {
      const started = this.clock.now();
      const left = deadlineAt - started;
      if (left <= 0) throw timedOut(attempt - 1);
      const perAttempt = this.options.timeoutMs?.total ?? DEFAULT_TOTAL_MS;
      this.trace(`→ ${method} ${url} ${maskHeaders(headers)}`);
      const {
        outcome: o,
        bytes,
        rateLimit,
        expired,
      } = opts.upload
        ? await this.attemptUpload(url, { method: method as Dispatcher.HttpMethod, headers }, endpoint, started, signal, limitMs, opts)
        : await this.attempt(url, { method: method as Dispatcher.HttpMethod, headers, body: payload }, endpoint, started, signal, opts.bodyBuffer, Math.min(perAttempt, left));
      if (expired && opts.upload) throw new UploadStalledError(`the upload to ${endpoint} stalled: ${o.kind === 'status' ? 'no answer' : o.code}`, 0, endpoint);
      // Cut by the request's own time limit, not an attempt's: nothing is left for a retry.
      if (expired && left <= perAttempt) {
        this.trace(`✗ ${endpoint} no complete answer within the time limit of ${formatDuration(limitMs)}; giving up`);
        throw timedOut(attempt);
      }
      let decision = decideRetry({ attempt, attempts, replayable, outcome: o, random: this.random, now: this.clock.now(), maxWaitMs });
      if (decision.retry && this.clock.now() + decision.waitMs >= deadlineAt) {
        this.trace(`✗ ${endpoint} a retry in ${decision.waitMs}ms would start past the time limit of ${formatDuration(limitMs)}; giving up`);
        if (o.kind !== 'status') throw timedOut(attempt);
        decision = { retry: false, reason: 'exhausted' };
      }
      if (decision.retry) {
        const next = `retry ${attempt}/${attempts - 1} in ${decision.waitMs}ms`;
        if (o.kind === 'connect') this.trace(`✗ ${endpoint} ${o.code} after ${this.clock.now() - started}ms; ${next}`);
        else if (o.kind === 'body') this.trace(`✗ ${endpoint} body ${o.code}; ${next}`);
        else this.trace(`↻ ${endpoint} ${o.status}; ${next}`);
        this.options.onWait?.({
          endpoint,
          reason: o.kind === 'status' ? (o.status === 429 ? 'rate-limit' : 'status') : 'network',
          ...(o.kind === 'status' ? { status: o.status } : { problem: o.code }),
          waitMs: decision.waitMs,
          attempt: attempt + 1,
          attempts,
        });
        await this.clock.sleep(decision.waitMs, signal);
        continue;
      }
      if (o.kind === 'connect') {
        this.trace(`✗ ${endpoint} ${o.code}; giving up${decision.reason === 'unsafe' ? ' (not retried: the request may have been applied)' : ''}`);
        if (o.proxy) throw new ProxyError(`${o.proxy} on ${endpoint}`, 0, endpoint);
        throw new UnavailableError(`cannot reach ${this.apiUrl} (${o.code}) on ${endpoint}`, 0, endpoint);
      }
      if (o.kind === 'body') throw new UnavailableError(`the response of ${endpoint} was cut off (${o.code})`, o.status, endpoint);
      if (decision.reason === 'refused') this.trace(`✗ ${endpoint} ${o.status} says retryable: false; not retried`);
      if (decision.reason === 'too-long') this.trace(`✗ ${endpoint} ${o.status} asks to wait ${decision.waitMs}ms, more than ${maxWaitMs}ms; giving up`);
      const status = o.status;
      if (status >= 200 && status < 300) {
        // fail(): the error the usual parse gives (a part read later that does not read).
        const fail = (): never => {
          this.validate(this.json(bytes.toString('utf8'), o.headers, true, status, endpoint), opts.schema, status, endpoint);
          throw new ResponseShapeError(`the response of ${endpoint} has an unexpected shape`, status, endpoint);
        };
        const quick = opts.schema?.readBytes?.(bytes, { endpoint, fail });
        if (quick) {
          let raw: unknown;
          const res: ApiResponse<T> = {
            status,
            data: quick.data,
            // Parsed only if someone asks: not parsing all of it at once was the point.
            get raw() {
              return (raw ??= JSON.parse(bytes.toString('utf8')));
            },
            headers: flatHeaders(o.headers),
            rateLimit,
          };
          if (opts.keepBytes) res.bytes = bytes;
          return res;
        }
        const raw = this.json(bytes.toString('utf8'), o.headers, opts.schema !== undefined && !opts.optionalBody, status, endpoint);
        const data = raw === undefined && opts.optionalBody ? (undefined as T) : this.validate(raw, opts.schema, status, endpoint);
        const res: ApiResponse<T> = { status, data, raw, headers: flatHeaders(o.headers), rateLimit };
        if (opts.keepBytes) res.bytes = bytes;
        return res;
      }
      const failure = errorFor(status, endpoint, parseJsonLoose(bytes.toString('utf8')), opts.permission, attempt, opts.body);
      // A refusal may say when to come back (a 409 with Retry-After): the caller decides.
      failure.headers = flatHeaders(o.headers);
      throw failure;
    }
  }

  /** One attempt of an upload: its body streamed, cut only by a stall (uploadDeadline) or the signal. */
  private attemptUpload(
    url: string,
    req: Pick<Dispatcher.RequestOptions, 'method' | 'headers'>,
    endpoint: string,
    started: number,
    signal: AbortSignal | undefined,
    limitMs: number,
    opts: RequestOptions<unknown>,
  ): Promise<Attempt> {
    const upload = opts.upload!;
    const deadline = uploadDeadline(limitMs, upload.length, signal);
    let sent = 0;
    const body = upload.open((n) => {
      sent += n;
      deadline.moved(sent);
      opts.onUploaded?.(sent, upload.length);
    });
    // headersTimeout 0: undici's limit counts from the start of the request, the body's
    // sending included; the stall watch above replaces it for an upload.
    return this.attempt(url, { ...req, body: body as unknown as Dispatcher.RequestOptions['body'], headersTimeout: 0 }, endpoint, started, signal, undefined, 0, deadline);
  }

  /** One attempt: the request, its answer and its whole body, or what went wrong on the way. */
  private async attempt(
    url: string,
    req: Pick<Dispatcher.RequestOptions, 'method' | 'headers' | 'body' | 'headersTimeout'>,
    endpoint: string,
    started: number,
    signal: AbortSignal | undefined,
    into: BodyBuffer | undefined,
    limitMs: number,
    given?: ReturnType<typeof attemptDeadline>,
  ): Promise<Attempt> {
    const deadline = given ?? attemptDeadline(limitMs, signal);
    let res: Dispatcher.ResponseData;
    try {
      res = await send(await this.transport(), new URL(url), { ...req, signal: deadline.signal });
    } catch (err) {
      deadline.clear();
      if (signal?.aborted) throw signal.reason;
      const proxy = err instanceof ProxyFailure ? { proxy: err.problem } : {};
      return { outcome: { kind: 'connect', code: deadline.expired() ? deadline.code : errorCode(err), ...proxy }, bytes: EMPTY, expired: deadline.expired() };
    }
    const rateLimit = parseRateLimit(res.headers);
    if (rateLimit) this.lastRateLimit = rateLimit;
    const date = res.headers.date;
    this.serverClock.sawDate(Array.isArray(date) ? date[0] : date, this.clock.now());
    const status = res.statusCode;
    try {
      const bytes = await readBody(res.body, this.options.maxBodyBytes ?? 64 * 1024 * 1024, into);
      this.trace(`← ${status} ${endpoint} ${this.clock.now() - started}ms${rateLimit ? ` ratelimit ${rateLimit.remaining}/${rateLimit.limit}` : ''}`);
      // Only an answer that could be retried needs its body's word on that.
      const retryable = MAYBE_RETRIED.has(status) ? readErrorBody(parseJsonLoose(bytes.toString('utf8'))).retryable : undefined;
      return { outcome: { kind: 'status', status, headers: res.headers, retryable }, bytes, rateLimit };
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      if (err instanceof ResponseShapeError) throw new ResponseShapeError(`${err.message} from ${endpoint}`, status, endpoint);
      return { outcome: { kind: 'body', code: deadline.expired() ? deadline.code : errorCode(err), status }, bytes: EMPTY, expired: deadline.expired() };
    } finally {
      deadline.clear();
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

  private validate<T>(json: unknown, schema: Reader<T> | undefined, status: number, endpoint: string): T {
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
