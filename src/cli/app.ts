// What a command's run() receives: the context, the resolved global settings, output
// helpers and a lazily created API client (so commands that need no API load no undici).
import type { Client } from '../client/index.js';
import type { Context } from './context.js';
import { CliError, UsageError } from './errors.js';
import { ExitCode } from '../shared/exit-codes.js';
import { tokenProblem } from '../shared/api-host.js';
import type { Settings } from './settings.js';
import { makeStyle, colorEnabled, type Style, plainStyle } from '../output/color.js';
import { tableWriter, keyValue, pickColumns, type Column, type TableOptions, type TableWriter } from '../output/table.js';
import type { OutStream } from '../output/stream.js';
import { compileQuery, type JsonQuery } from './json-query.js';
import { createProgress, spinnerFits, type Progress } from '../output/progress.js';
import { RequestWatch } from '../output/request-watch.js';
import { rawStream } from '../output/terminal-guard.js';
import { VERSION } from './version.js';
import type { RetryWait } from '../client/http.js';
import { formatDuration, parseDuration } from '../shared/duration.js';
import { MAX_TIMER_MS } from '../client/clock.js';
import { jsonText } from '../shared/json-text.js';
import { retryEvent } from '../shared/retry-event.js';
import { fileNameMemory } from './name-memory.js';

/** Waits before a retry longer than this are said on stderr; --quiet keeps those of 10 s or more. */
const RETRY_SAID_OVER_MS = 2_000;
const RETRY_QUIET_UNDER_MS = 10_000;

/**
 * INFRA_HTTP_TIMEOUT: the time limit of each request, retries included, as a duration
 * (`30s`, `2m`); a bare number is milliseconds, as it always was. Unset: the client's 60 s.
 */
export function requestTimeLimit(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  let ms: number;
  if (/^\d+$/.test(text)) ms = Number(text);
  else {
    try {
      ms = parseDuration(text);
    } catch {
      ms = NaN;
    }
  }
  if (!(ms > 0) || !Number.isSafeInteger(ms)) throw new UsageError(`INFRA_HTTP_TIMEOUT must be a duration such as 30s or 2m (a bare number is milliseconds), not "${value}"`);
  // A longer time limit would not hold in a timer: it would fire at once.
  if (ms > MAX_TIMER_MS) throw new UsageError(`INFRA_HTTP_TIMEOUT must be at most ${formatDuration(Math.floor(MAX_TIMER_MS / 1_000) * 1_000)} (the longest wait a timer can hold), not "${value}"`);
  return ms;
}

/**
 * No token for the host in use: which command stores one, and (when tokens are stored for
 * other hosts) that they are not sent here on purpose.
 */
export function missingToken(settings: Settings): CliError {
  const host = settings.host ?? settings.apiUrl ?? 'this API';
  const login = settings.apiUrlSource === 'default' ? 'infra auth login' : `infra auth login --api-url ${host}`;
  const others = settings.storedHosts.filter((h) => h !== host);
  const elsewhere = others.length ? ` (tokens are stored for ${others.join(', ')} and are never sent to another host)` : '';
  return new CliError(ExitCode.AUTH, `no API token for ${host}${elsewhere}`, `run '${login}', or set INFRA_TOKEN`);
}

export class App {
  /** Colours for stdout and stderr, decided separately: either may be piped. */
  style: Style = plainStyle;
  errStyle: Style = plainStyle;
  private clientPromise?: Promise<Client>;
  /** The client once created (serverNow() reads its clock synchronously). */
  private created?: Client;
  /**
   * --wide of the command running (src/cli/command.ts sets it from the command's options):
   * every table it writes is then whole. undefined: the command has no --wide.
   */
  wide?: boolean;
  /** Where a wait before a retry is said instead of a plain line (--progress json: an event). */
  retryNotice?: (line: string) => void;
  /** --query, compiled in init(): every JSON writer below applies it (docs/behaviour.md#query). */
  query?: JsonQuery;

  constructor(
    readonly ctx: Context,
    readonly settings: Settings,
  ) {}

  async init(): Promise<this> {
    const noColorFlag = this.settings.noColor;
    this.style = await makeStyle(colorEnabled({ noColorFlag, isTTY: !!this.ctx.stdout.isTTY }, this.ctx.env));
    this.errStyle = await makeStyle(colorEnabled({ noColorFlag, isTTY: !!this.ctx.stderr.isTTY }, this.ctx.env));
    // Before the command runs: a bad expression is exit 2 with no request sent.
    if (this.settings.query !== undefined) this.query = await compileQuery(this.settings.query);
    return this;
  }

  get json(): boolean {
    return this.settings.json;
  }

  /** Interactive: a person at a terminal (spinners, prompts), not CI. */
  get interactive(): boolean {
    return !!this.ctx.stderr.isTTY && !this.ctx.env.CI;
  }

  client(): Promise<Client> {
    this.clientPromise ??= this.createClient();
    return this.clientPromise;
  }

  /**
   * The API URL, once it may be used: a URL with a password in it, or plain http to a host
   * that is not loopback (unless allowed), is refused here, before any connection.
   */
  requireApiUrl(): string {
    // A context that does not exist is refused before its (empty) settings send anything anywhere.
    if (this.settings.contextProblem) throw this.settings.contextProblem;
    if (this.settings.apiUrlProblem) throw this.settings.apiUrlProblem;
    if (!this.settings.apiUrl) throw new UsageError('no API URL configured', "pass --api-url, set INFRA_API_URL, or run 'infra config set api-url URL' (try 'infra sim' for a local one)");
    return this.settings.apiUrl;
  }

  private async createClient(): Promise<Client> {
    const apiUrl = this.requireApiUrl();
    if (!this.settings.token) throw missingToken(this.settings);
    const bad = tokenProblem(this.settings.token);
    if (bad !== undefined)
      throw this.settings.tokenSource === 'env'
        ? new UsageError(`INFRA_TOKEN holds ${bad}`, 'set it to exactly the token, nothing around it')
        : new UsageError(`the token stored for ${this.settings.host} holds ${bad}`, `run 'infra auth login' to store it again`);
    const { Client } = await import('../client/index.js');
    this.created = this.clientWithToken(Client, apiUrl, this.settings.token);
    return this.created;
  }

  /**
   * Now on the API server's clock (its latest `Date` header), for every relative time shown
   * ("5m ago", a `--since 15m` window): the local clock may be off, a simulator may run fast.
   * The local clock until a response has been read.
   */
  serverNow(): number {
    return this.created?.http.serverNow() ?? this.ctx.clock.now();
  }

  /** A client for an explicit token (auth login verifies one before storing it). */
  async clientFor(token: string): Promise<Client> {
    const { Client } = await import('../client/index.js');
    return this.clientWithToken(Client, this.requireApiUrl(), token);
  }

  private clientWithToken(ClientClass: typeof Client, apiUrl: string, token: string): Client {
    const env = this.ctx.env;
    const retries = env.INFRA_MAX_RETRIES === undefined ? undefined : Number(env.INFRA_MAX_RETRIES);
    if (retries !== undefined && !(Number.isInteger(retries) && retries >= 0 && retries <= 20))
      throw new UsageError(`INFRA_MAX_RETRIES must be a whole number from 0 to 20, not "${env.INFRA_MAX_RETRIES}"`);
    const deadlineMs = requestTimeLimit(env.INFRA_HTTP_TIMEOUT);
    const client = new ClientClass({
      apiUrl,
      token,
      project: this.settings.project,
      // Per host and project, never per token (src/cli/name-memory.ts); only where there is a cache directory.
      ...(this.ctx.cacheDir !== undefined && this.ctx.env.INFRA_REMEMBER_NAMES !== '0' ? { names: fileNameMemory(this.ctx.cacheDir, apiUrl, this.settings.project, () => this.ctx.clock.now()) } : {}),
      userAgent: `infra-cli/${VERSION} node/${process.versions.node}`,
      dispatcher: this.ctx.dispatcher,
      env,
      maxRetries: retries,
      clock: this.ctx.clock,
      random: this.ctx.random,
      signal: this.ctx.signal,
      // Every request ends by itself: its retries and their waits fit in this limit.
      deadlineMs,
      onWait: (wait) => this.retryWait(wait),
      onRequest: (endpoint, limitMs) => this.requestWatch.begin(endpoint, limitMs),
      trace: this.settings.debug ? (line) => this.debug(line) : undefined,
    });
    return client;
  }

  /**
   * One line on stderr for a wait of more than 2 s before a retry (a rate limit, a busy or
   * unreachable API), on a terminal and in CI alike; --quiet silences the ones under 10 s.
   */
  private retryWait(wait: RetryWait): void {
    if (wait.waitMs <= RETRY_SAID_OVER_MS) return;
    if (this.settings.quiet && wait.waitMs < RETRY_QUIET_UNDER_MS) return;
    const what =
      wait.reason === 'rate-limit' ? 'rate limited by the API' : wait.reason === 'status' ? `the API answered ${wait.status} on ${wait.endpoint}` : `no answer from ${wait.endpoint} (${wait.problem})`;
    const seconds = formatDuration(Math.ceil(wait.waitMs / 1000) * 1000);
    const line = `${what}; retrying in ${seconds} (attempt ${wait.attempt} of ${wait.attempts})`;
    if (this.retryNotice) this.retryNotice(line);
    else this.ctx.stderr.write(line + '\n');
  }

  /**
   * `--progress json`: stderr carries events only, from the first request on. A retry before
   * the wait's own events begin (the read before a change) is a read_error event without a
   * subject yet; the wait then names its subject (jsonProgress in src/commands/kit/wait/runner.ts).
   */
  eventsFromStart(): void {
    const started = this.ctx.clock.now();
    this.retryNotice = (error) => rawStream(this.ctx.stderr).write(`${JSON.stringify(retryEvent({ id: null, name: null }, error, this.ctx.clock.now(), started))}\n`);
  }

  async close(): Promise<void> {
    if (!this.clientPromise) return;
    const client = await this.clientPromise.catch(() => undefined);
    await client?.close();
  }

  // --- output -------------------------------------------------------------------------

  /** Writes data to stdout. */
  print(text: string): void {
    this.ctx.stdout.write(text.endsWith('\n') ? text : text + '\n');
  }

  /** Exact data: past the terminal guard (JSON escapes controls itself; strings stay the server's). Shaped by --query. */
  printJson(value: unknown): void {
    rawStream(this.ctx.stdout).write(jsonText(this.query ? this.query.apply(value) : value, 2) + '\n');
  }

  /** One compact JSON value per line (NDJSON), exact as printJson; --query applies to each line's item. */
  printJsonLine(value: unknown): void {
    const out = rawStream(this.ctx.stdout);
    for (const v of this.query ? this.query.lines(value) : [value]) out.write(jsonText(v) + '\n');
  }

  /**
   * Where a command streams NDJSON text (whole lines per write): stdout past the guard, or,
   * with --query, a writer that applies it to each line's item (as printJsonLine does).
   */
  jsonLines(): OutStream {
    const raw = rawStream(this.ctx.stdout);
    const query = this.query;
    if (!query) return raw;
    // A line cut between two writes is kept for the next one.
    let rest = '';
    const write = (chunk: string | Uint8Array): boolean => {
      const text = rest + (typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      const cut = text.lastIndexOf('\n');
      rest = text.slice(cut + 1);
      let out = '';
      for (const line of text.slice(0, cut + 1).split('\n')) if (line.trim()) for (const v of query.lines(JSON.parse(line))) out += jsonText(v) + '\n';
      return out ? raw.write(out) !== false : true;
    };
    return new Proxy(raw, {
      get(target, prop) {
        if (prop === 'write') return write;
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  }

  /**
   * A table on stdout: fitted to a terminal (unless --wide), TSV when piped (src/output/table.ts).
   * --columns picks and orders its columns (an unknown name is exit 2, naming the valid ones),
   * --no-headers drops its header line: here, so every table has them.
   */
  table<T>(columns: Column<T>[], extra: Pick<TableOptions, 'footer'> = {}): TableWriter<T> {
    let shown = columns;
    if (this.settings.columns) {
      const pick = pickColumns(columns, this.settings.columns);
      if (pick.unknown.length) throw new UsageError(`--columns: no column ${pick.unknown.map((n) => `"${n}"`).join(', ')} in this table`, `its columns are ${pick.valid.join(', ')}`);
      shown = pick.columns;
    }
    return tableWriter(this.ctx.stdout, shown, this.style, { width: this.ctx.stdout.columns, wide: this.wide, note: (text) => this.hint(text), headers: this.settings.headers, ...extra });
  }

  keyValue(pairs: [string, string | undefined][]): void {
    this.ctx.stdout.write(keyValue(pairs, this.style));
  }

  /** Progress and remarks on stderr; silenced by --quiet. */
  info(message: string): void {
    if (!this.settings.quiet) this.ctx.stderr.write(message + '\n');
  }

  warn(message: string): void {
    this.ctx.stderr.write(`${this.errStyle.yellow('warning:')} ${message}\n`);
  }

  hint(message: string): void {
    if (!this.settings.quiet) this.ctx.stderr.write(`${this.errStyle.dim('hint:')} ${message}\n`);
  }

  debug(line: string): void {
    this.ctx.stderr.write(`${this.errStyle.dim('debug:')} ${line}\n`);
  }

  /** Progress displays on screen now (a wait's spinner): a slow request then starts none of its own. */
  private progressShown = 0;

  async progress(): Promise<Progress> {
    const p = await createProgress({ stream: this.ctx.stderr, quiet: this.settings.quiet, interactive: this.interactive, now: () => this.ctx.clock.now() });
    let shown = true;
    this.progressShown++;
    const off = () => {
      if (shown) this.progressShown--;
      shown = false;
    };
    return {
      update: (text) => p.update(text),
      done: (text, ok) => {
        off();
        p.done(text, ok);
      },
      stop: () => {
        off();
        p.stop();
      },
    };
  }

  /**
   * A command that draws the whole screen itself (`status --watch`): until the function
   * returned is called, a slow request starts no spinner to draw over it.
   */
  ownScreen(): () => void {
    let held = true;
    this.progressShown++;
    return () => {
      if (held) this.progressShown--;
      held = false;
    };
  }

  /** Says what a slow request waits for (output/request-watch.ts); real timers, unref'd, so they never keep the process alive. */
  private watch?: RequestWatch;
  private get requestWatch(): RequestWatch {
    return (this.watch ??= new RequestWatch({
      live: spinnerFits({ stream: this.ctx.stderr, interactive: this.interactive }),
      quiet: this.settings.quiet,
      // With --progress json stderr carries events only.
      line: (text) => void (this.retryNotice ? undefined : this.ctx.stderr.write(text + '\n')),
      spinner: (text, startedAt) => createProgress({ stream: this.ctx.stderr, quiet: false, interactive: true, now: () => this.ctx.clock.now(), startedAt, text }),
      now: () => this.ctx.clock.now(),
      busy: () => this.progressShown > 0,
      timers: {
        set: (fn, ms) => setTimeout(fn, ms).unref(),
        clear: (h) => clearTimeout(h as NodeJS.Timeout),
      },
    }));
  }
}
