// `infra logs <ref>...`: one tail of several containers and products, in timestamp order,
// each line prefixed with its source (docs/behaviour.md#merged-logs).
import { arg, defineCommand, flag, option } from '../../cli/command.js';
import type { App } from '../../cli/app.js';
import { UsageError } from '../../cli/errors.js';
import type { Client } from '../../client/index.js';
import type { Style } from '../../output/color.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { FollowTracker } from '../kit/logs-follow.js';
import { type Labelled, mergedFollow, mergedWindow, type MergedSource, type Sink } from '../kit/logs-merge.js';
import { LOG_PAGE_MAX, writeLogText } from '../kit/logs-stream.js';
import { LOG_RETENTION_MS, onServerClock, resolveLogWindow } from '../kit/logs-window.js';
import { findSource } from './sources.js';

export default defineCommand({
  path: ['logs'],
  description: 'the logs of several containers and products merged in timestamp order, each line prefixed with its source (NDJSON with a source field with --json)',
  args: [arg('<ref...>', 'a container (name or id), or product/name: serverless/web, database/orders, cache/sessions, queue/events, apps/shop')],
  options: {
    since: option('--since <D|TS>', 'start of the window: a duration back from now (90s, 15m, 2h, 3d) or an ISO 8601 timestamp with offset (default: 1h)'),
    sinceDeploy: flag('--since-deploy', 'each container from the start of its current deployment (containers only)'),
    follow: flag('-f, --follow', 'after the window, keep following all of them until Ctrl-C'),
  },
  examples: ['infra logs web api', 'infra logs web database/orders-pg --since 15m', 'infra logs web api --since-deploy --follow', 'infra logs web api --json | jq -r \'"\\(.source) \\(.message)"\''],
  help: 'A bare name is looked up among every product with logs (containers, databases, caches, queues, apps); a name found in more than one is refused with the candidates (exit 2): write product/name. While following, a new line waits up to 5 s for the other sources to be read past its time, so the sources interleave in order; a source silent for 60 s is said on stderr. Polls share one schedule: at most 2 a second in all, each source every 2 s while it prints and up to every 10 s while it is silent.',
  run: async (app, { args: [refs], opts }) => {
    if (opts.since !== undefined && opts.sinceDeploy) throw new UsageError('--since and --since-deploy do not go together', 'pick one start for the window');
    const local = resolveLogWindow({ since: opts.since }, app.ctx.clock.now());
    const client = await app.client();
    const found = [];
    for (const ref of new Set(refs)) found.push(await findSource(app, client, ref));
    const window = client.http.serverClock.known ? onServerClock({ window: local, query: {} }, { since: opts.since }, app.serverNow()).window : local;
    const sources: MergedSource[] = [];
    for (const f of found) {
      let since = window.since;
      if (opts.sinceDeploy) {
        if (f.product !== 'serverless') throw new UsageError(`--since-deploy applies to containers; ${f.label} is a ${f.target.noun}`, 'give --since for it instead');
        since = await deployStart(app, client, f.id, f.label);
      }
      sources.push({ label: f.label, target: f.target, query: { since, limit: LOG_PAGE_MAX, ...(f.product === 'serverless' ? { container: 'user-container' } : {}) } });
    }
    const sink = writer(app, sources);
    const trackers = sources.map(() => new FollowTracker());
    const written = await mergedWindow(app, client, sources, sink, trackers);
    if (!opts.follow) {
      if (written === 0) app.ctx.stderr.write(`no log lines from ${sources.map((s) => s.label).join(', ')} since ${window.since}\n`);
      return ExitCode.OK;
    }
    return mergedFollow(app, client, sources, sink, trackers);
  },
});

/** The start of a container's current deployment (its created_at; deployed_at where that is missing), within retention. */
async function deployStart(app: App, client: Client, id: string, label: string): Promise<string> {
  const { items } = await client.serverless.deployments(id, { signal: app.ctx.signal });
  const current = items.find((d) => d.is_current === true) ?? items[0];
  const at = Date.parse(current?.created_at ?? current?.deployed_at ?? '');
  if (Number.isNaN(at)) throw new UsageError(`${label} has no deployment with a start time`, 'give --since instead');
  const oldest = app.serverNow() - LOG_RETENTION_MS + 60_000;
  if (at < oldest) {
    app.info(`${label}'s current deployment started before the 10-day log retention: from ${new Date(oldest).toISOString()}`);
    return new Date(oldest).toISOString();
  }
  return new Date(at).toISOString();
}

/** Lines for a person (source coloured, padded) or NDJSON with a `source` field. */
function writer(app: App, sources: readonly MergedSource[]): Sink {
  const width = Math.max(...sources.map((s) => s.label.length));
  const style: Style = app.style;
  const colours = [style.cyan, style.yellow, style.green, style.bold];
  const paint = new Map(sources.map((s, i) => [s.label, colours[i % colours.length]!]));
  return {
    write(lines: readonly Labelled[]) {
      if (lines.length === 0) return;
      let out = '';
      if (app.json) {
        for (const l of lines) out += `${JSON.stringify({ source: l.source, ...l.entry })}\n`;
        writeLogText(app, out);
        return;
      }
      for (const l of lines) {
        const level = (l.entry.level ?? '-').toLowerCase().padEnd(5);
        // One entry on one line: a multi-line message would break grep and cut.
        out += `${paint.get(l.source)!(l.source.padEnd(width))}  ${l.entry.timestamp}  ${level}  ${l.entry.message.replace(/\r?\n/g, '\\n')}\n`;
      }
      writeLogText(app, out);
    },
  };
}
