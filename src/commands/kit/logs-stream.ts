// The log stream of any resource (docs/behaviour.md#logs, docs/behaviour.md#api-logs): pages followed through
// meta.next_cursor and written as they arrive; nothing is accumulated, so memory stays
// bounded whatever the number of entries. `--follow` keeps polling until Ctrl-C.
import type { App } from '../../cli/app.js';
import { flag, option, choice } from '../../cli/command.js';
import { CliError, UsageError } from '../../cli/errors.js';
import { intOption } from '../../cli/options.js';
import { ExitCode } from '../../shared/exit-codes.js';
import type { Client } from '../../client/index.js';
import { UnavailableError } from '../../client/errors.js';
import type { LogsPage, LogsQuery } from '../../client/diagnostics.js';
import type { LogEntry } from '../../client/schemas.js';
import { FollowTracker } from './logs-follow.js';
import { atOrAbove, humanLines, ndjson, type PageRenderer } from './logs-format.js';
import { FollowPace } from './logs-pace.js';
import { resolveLogWindow, type LogWindow } from './logs-window.js';

/**
 * The page size asked when --limit is not given: the largest the logs routes accept (1..1000).
 * Without it the server's default page (100) made a million lines cost 10,000 requests.
 */
export const LOG_PAGE_MAX = 1000;

/** The options every logs command has (serverless adds --container). */
export function logOptions() {
  return {
    since: option('--since <D|TS>', 'start of the window: a duration back from now (90s, 15m, 2h, 3d) or an ISO 8601 timestamp with offset; at most 10 days back (default: 1h)'),
    until: option('--until <TS>', 'end of the window: an ISO 8601 timestamp with offset (default: now)'),
    level: choice(
      '--level <level>',
      'only lines at or above this level: the API filter is a text match, not a guarantee, so lines carrying a lower level of their own are hidden here (counted on stderr); lines without a level keep the text match',
      ['debug', 'info', 'warn', 'error'],
    ),
    limit: option('--limit <n>', `page size asked of the API (not a total: every page is read; default ${LOG_PAGE_MAX}, the largest it allows)`, intOption('--limit')),
    cursor: option('--cursor <cursor>', 'continue from a meta.next_cursor of an earlier page'),
    follow: flag('-f, --follow', 'after the window, keep polling for new lines until Ctrl-C'),
  };
}

export interface LogTarget {
  /** `/serverless/{id}`: the resource whose `/logs` is read. */
  path: string;
  permission: string;
  /** `container`, `database`: what printed the lines, in messages. */
  noun: string;
}

export interface LogFlags {
  since?: string;
  until?: string;
  level?: string;
  limit?: number;
  cursor?: string;
  follow: boolean;
  container?: string;
}

interface Stream {
  /** --level: lines carrying a lower level of their own are hidden, and counted. */
  minLevel?: string;
  hidden: number;
  app: App;
  client: Client;
  target: LogTarget;
  render: PageRenderer;
  storeDown: string;
  /** The API's cursors went round in a circle (said once, even across --follow polls). */
  circled?: boolean;
}

/** The query of a logs command, checked before any request (retention, --follow with --until). */
export interface LogPlan {
  window: LogWindow;
  query: LogsQuery;
  follow: boolean;
}

export function planLogs(app: App, opts: LogFlags): LogPlan {
  const window = resolveLogWindow({ since: opts.since, until: opts.until }, app.ctx.clock.now());
  if (opts.follow && window.until) throw new UsageError('--follow and --until do not go together: following has no end', 'drop --until, or drop --follow to read a closed window');
  if (opts.cursor !== undefined && opts.cursor.trim() === '') throw new UsageError('--cursor must not be empty', 'pass the meta.next_cursor value of a previous page');
  return { window, follow: opts.follow, query: { since: window.since, until: window.until, cursor: opts.cursor, limit: opts.limit ?? LOG_PAGE_MAX, level: opts.level, container: opts.container } };
}

/** Reads the window (and with --follow, what comes after), writing each page as it arrives. */
export async function streamLogs(app: App, client: Client, target: LogTarget, plan: LogPlan): Promise<number> {
  const { window, query } = plan;
  const opts = { follow: plan.follow };
  const s: Stream = {
    minLevel: query.level,
    hidden: 0,
    app,
    client,
    target,
    render: app.json ? ndjson : humanLines(app.style),
    storeDown: `the log store did not answer; this says nothing about the ${target.noun}`,
  };
  const tracker = new FollowTracker();
  const backlog = await readAll(s, query, tracker, 'track');
  if (s.hidden > 0)
    app.info(`${s.hidden} line${s.hidden === 1 ? '' : 's'} matching "${query.level}" in their text but logged at a lower level hidden (--level ${query.level} shows ${query.level} and above)`);
  if (backlog.entries === 0 && !opts.follow) reportEmpty(s, query, window);
  if (!opts.follow) {
    if (backlog.last && !backlog.last.meta.next_cursor && backlog.last.meta.truncated) {
      app.warn('the API marked the result truncated without a cursor to continue; narrow the window (--since/--until) to see the rest');
    } else if (app.ctx.stderr.isTTY) {
      app.hint(`reached the end of the window starting ${window.since}; a wider --since looks further back (logs are kept ${backlog.last?.meta.retention_days ?? 10} days)`);
    }
    return ExitCode.OK;
  }
  if (backlog.entries === 0) app.info(`no log lines since ${window.since} yet; waiting for new ones (Ctrl-C to stop)`);
  return followNew(s, query, tracker);
}

interface ReadResult {
  entries: number;
  last?: LogsPage;
}

/**
 * Reads every page of `query`, writing each as it arrives. `mode` track: every entry is
 * new (the backlog) and the tracker only notes the newest; filter: a follow poll, the
 * tracker drops what was written before.
 */
async function readAll(s: Stream, query: LogsQuery, tracker: FollowTracker, mode: 'track' | 'filter'): Promise<ReadResult> {
  const result: ReadResult = { entries: 0 };
  try {
    const onCircle = (cursor: string) => {
      if (s.circled) return;
      s.circled = true;
      s.app.warn(`the API sent the log cursor "${cursor.length > 40 ? `${cursor.slice(0, 37)}...` : cursor}" a second time; stopped there, so no line is printed twice`);
    };
    for await (const page of s.client.diagnostics.logPages(s.target.path, query, { signal: s.app.ctx.signal, permission: s.target.permission, onCircle })) {
      if (!page.available) throw new CliError(ExitCode.UNAVAILABLE, s.storeDown, 'try again later; logs are kept for 10 days');
      const entries = mode === 'filter' ? tracker.fresh(page.entries) : page.entries;
      // The tracker sees every entry (de-duplication); only the shown ones are written and counted.
      const shown = s.minLevel ? entries.filter((e) => atOrAbove(e.level, s.minLevel!)) : entries;
      s.hidden += entries.length - shown.length;
      write(s, shown);
      if (mode === 'track') tracker.track(entries);
      result.entries += shown.length;
      result.last = page;
    }
  } catch (err) {
    throw logsError(err, s.storeDown);
  }
  return result;
}

// Writes of about 40 KB: big enough to keep the number of writes low, small enough that V8
// allocates them in the young generation, which is freed cheaply; strings above ~128 KB
// go to the large-object space, which only a full collection frees, and peak RSS climbs.
const WRITE_BATCH = 200;

/** Writes rendered log lines (whole lines): NDJSON is exact data, shaped by --query (App.jsonLines); lines for a person go through the guard. */
export function writeLogText(app: App, text: string): void {
  (app.json ? app.jsonLines() : app.ctx.stdout).write(text);
}

function write(s: Stream, entries: readonly LogEntry[]): void {
  // NDJSON is exact data (past the terminal guard); lines for a person go through it.
  const out = s.app.json ? s.app.jsonLines() : s.app.ctx.stdout;
  for (let i = 0; i < entries.length; i += WRITE_BATCH) out.write(s.render(entries.slice(i, i + WRITE_BATCH)));
}

/** A 503 of the logs endpoint is the log store, not the container (docs/behaviour.md#api-logs). */
function logsError(err: unknown, storeDown: string): unknown {
  if (err instanceof UnavailableError && err.status === 503) {
    return new CliError(ExitCode.UNAVAILABLE, storeDown, 'the request was retried with backoff; try again later');
  }
  return err;
}

function reportEmpty(s: Stream, query: LogsQuery, window: LogWindow): void {
  const app = s.app;
  const until = window.until ?? new Date(app.ctx.clock.now()).toISOString();
  const filtered = query.level !== undefined || query.cursor !== undefined;
  const what = filtered
    ? `no log lines${query.level ? ` matching --level ${query.level}` : ''}${query.cursor ? ' after the cursor' : ''} between ${window.since} and ${until}`
    : `the ${s.target.noun} printed nothing between ${window.since} and ${until}`;
  // Not progress: this is the answer, so -q does not hide it.
  app.ctx.stderr.write(`${what}${query.container && query.container !== 'user-container' ? ` (--container ${query.container})` : ''}\n`);
}

async function followNew(s: Stream, query: LogsQuery, tracker: FollowTracker): Promise<never> {
  let storeDownSaid = false;
  const pace = new FollowPace();
  for (;;) {
    await s.app.ctx.clock.sleep(pace.nextDelayMs, s.app.ctx.signal);
    tracker.beginPoll();
    const poll: LogsQuery = { ...query, cursor: undefined, since: tracker.since ?? query.since };
    try {
      pace.polled((await readAll(s, poll, tracker, 'filter')).entries);
      storeDownSaid = false;
    } catch (err) {
      // A long tail outlives a store hiccup: say it once and keep polling.
      if (!(err instanceof CliError && err.exitCode === ExitCode.UNAVAILABLE)) throw err;
      if (!storeDownSaid) s.app.warn(`${s.storeDown}; still polling`);
      storeDownSaid = true;
      pace.polled(0);
    }
  }
}
