// `infra status`: one board for the whole project, every product's resources with their
// health, worst first; `--watch` redraws it in place at the server's pace, `--exit-status`
// and `--fail-fast` turn "something is unhealthy" into exit 9 (docs/behaviour.md#status-board).
import type { App } from '../../cli/app.js';
import { defineCommand, flag, withDefault } from '../../cli/command.js';
import { CliError, UsageError } from '../../cli/errors.js';
import { durationOption } from '../../cli/options.js';
import { screen } from '../../output/color.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { readBoard, type BoardRead } from './board-read.js';
import { boardFrame, boardJson, isUnhealthy, unhealthyNames } from './board-view.js';

/** Between two boards of --watch: 11 list requests a board, so 66 requests a minute. */
export const DEFAULT_INTERVAL_MS = 10_000;

export default defineCommand({
  path: ['status'],
  description: 'one board of the project: every resource of every product with its health, failing first, and open incidents',
  options: {
    watch: flag('-w, --watch', 'keep the board up to date: redrawn in place on a terminal, a new board per interval when piped (NDJSON with --json)'),
    interval: withDefault('--interval <duration>', 'time between two boards of --watch (the server may ask for longer)', DEFAULT_INTERVAL_MS, durationOption('--interval', { min: 1_000 })),
    exitStatus: flag('--exit-status', 'exit 9 when anything is unhealthy (failed, degraded, down, an open incident); changing resources are not'),
    failFast: flag('--fail-fast', 'with --watch: exit 9 as soon as anything is unhealthy'),
  },
  examples: [
    'infra status',
    'infra status --exit-status || echo "something is unhealthy"',
    'infra status --watch',
    'infra status --watch --fail-fast --interval 30s',
    'infra status --json | jq \'.items[] | select(.verdict == "unhealthy") | .name\'',
  ],
  help: 'Reads the list of each product (containers, databases, caches, queues, VPS, volumes, buckets, static sites, apps, uptime checks) and the open incidents of resource alerts, a few at a time. A product the token may not read, or whose list failed, is said on a line of its own; the rest of the board still shows. Unhealthy: failed, degraded, error, down, or an open incident. Pending, deploying, provisioning and the like are changing, not unhealthy; stopped and paused are neither. --json prints {healthy, counts, products, items}.',
  run: async (app, { opts }) => {
    if (opts.failFast && !opts.watch) throw new UsageError('--fail-fast goes with --watch', 'add --watch, or use --exit-status for one board');
    if (opts.exitStatus && opts.watch) throw new UsageError('--exit-status reads one board; with --watch, --fail-fast exits 9 at the first unhealthy board', "use 'infra status --watch --fail-fast'");
    const client = await app.client();
    const read = () => readBoard(client, { signal: app.ctx.signal, now: () => app.serverNow() });
    if (!opts.watch) {
      const board = await read();
      throwWhenBlind(board);
      await show(app, board);
      if (opts.exitStatus && isUnhealthy(board)) throw unhealthy(board);
      return undefined;
    }
    return watch(app, read, opts.interval, opts.failFast);
  },
});

/** Exit 9 as a failure, so that --json says it on stderr as every other failure is said. */
function unhealthy(board: BoardRead): CliError {
  const names = unhealthyNames(board);
  const shown = names.slice(0, 5).join(', ') + (names.length > 5 ? `, and ${names.length - 5} more` : '');
  return new CliError(ExitCode.UNHEALTHY, `unhealthy: ${shown}`);
}

/** Every product failed: the board would say nothing, so the failure is the answer (its exit code). */
function throwWhenBlind(board: BoardRead): void {
  const first = board.products[0];
  if (first && first.outcome !== 'read' && board.products.every((p) => p.outcome !== 'read')) throw first.error;
}

async function show(app: App, board: BoardRead): Promise<void> {
  if (app.json) return app.printJson(boardJson(board));
  const out = app.ctx.stdout;
  app.print(await boardFrame(board, { width: out.columns ?? 0, terminal: !!out.isTTY, style: app.style }));
}

async function watch(app: App, read: () => Promise<BoardRead>, intervalMs: number, failFast: boolean): Promise<number | undefined> {
  const out = app.ctx.stdout;
  const live = !!out.isTTY && !app.json;
  let drawn = 0;
  const release = live ? app.ownScreen() : undefined;
  try {
    for (;;) {
      const board = await read();
      if (app.json) app.printJsonLine(boardJson(board));
      else if (live) {
        const rows = (out as { rows?: number }).rows;
        const frame = await boardFrame(board, { width: out.columns ?? 0, terminal: true, style: app.style, maxLines: rows ? rows - 1 : undefined });
        // One write: back over the last frame, clear it, draw this one (no flicker, no scrollback).
        // One write: back over the last frame, each line written over the old one and the rest
        // of it cleared, then what is left below cleared. Never a clear of the whole screen from
        // its top: terminals such as tmux keep a cleared screen in the scrollback. The cursor is
        // hidden again each time in case anything else showed it.
        const over = frame.replaceAll('\n', `${screen.clearLineEnd()}\n`);
        out.write(screen.hideCursor() + screen.up(drawn) + over + screen.clearDown());
        drawn = frame.split('\n').length - 1;
      } else app.print(`${await boardFrame(board, { width: 0, terminal: false, style: app.style })}\n`); // a blank line between boards
      if (failFast && isUnhealthy(board)) throw unhealthy(board);
      await app.ctx.clock.sleep(Math.max(intervalMs, board.retryAfterMs ?? 0), app.ctx.signal);
    }
  } finally {
    release?.();
    if (live) out.write(screen.showCursor());
  }
}
