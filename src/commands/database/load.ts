// `infra database load <id>` and `infra database queries <id>`: GET .../load and .../queries
// with the window, step, dimension, node and limit the facts list. The facts type both answers
// `string`, so --json prints them as sent and people get their series and rows as tables.
import { resourceArg, choice, defineCommand, option, type CommandDef } from '../../cli/command.js';
import { intOption, timestampOption, nonEmpty, wideOption } from '../../cli/options.js';
import { UsageError } from '../../cli/errors.js';
import { LOAD_DIMENSIONS, LOAD_STEPS } from '../../client/databases.js';
import { renderSamples } from '../kit/samples-view.js';
import { DATABASE } from './family.js';

export function loadCommand(what: 'load' | 'queries'): CommandDef {
  return defineCommand({
    path: ['database', what],
    description: what === 'load' ? 'database load over a window: active sessions by wait, user, application... (--dimension)' : 'the heaviest queries over a window',
    args: [resourceArg('<id>', 'database instance id or name', DATABASE.kind)],
    options: {
      ...wideOption(),
      hours: option('--hours <n>', 'the last N hours (default: the API decides)', intOption('--hours', 1, 720)),
      minutes: option('--minutes <n>', 'the last N minutes', intOption('--minutes', 1, 43_200)),
      start: option('--start <timestamp>', 'window start (ISO 8601 with offset)', timestampOption('--start')),
      end: option('--end <timestamp>', 'window end (ISO 8601 with offset)', timestampOption('--end')),
      step: choice('--step <step>', 'resolution', LOAD_STEPS),
      dimension: choice('--dimension <d>', 'what the load is grouped by', LOAD_DIMENSIONS),
      node: option('--node <name>', 'one node of the cluster', nonEmpty('--node')),
      limit: option('--limit <n>', 'at most this many groups or queries', intOption('--limit', 1, 1000)),
    },
    examples:
      what === 'load'
        ? ['infra database load orders-pg --hours 6 --dimension waits', 'infra database load orders-pg --minutes 30 --step 1m --json']
        : ['infra database queries orders-pg --hours 24 --limit 10', 'infra database queries orders-pg --json'],
    run: async (app, { args: [ref], opts }) => {
      if (opts.hours !== undefined && opts.minutes !== undefined) throw new UsageError('give --hours or --minutes, not both');
      if ((opts.hours !== undefined || opts.minutes !== undefined) && (opts.start || opts.end)) throw new UsageError('give a window as --hours/--minutes or as --start/--end, not both');
      const client = await app.client();
      const { id } = await client.resources.resolve(DATABASE.kind, ref, { signal: app.ctx.signal });
      const q = { hours: opts.hours, minutes: opts.minutes, start: opts.start, end: opts.end, step: opts.step, dimension: opts.dimension, node: opts.node, limit: opts.limit };
      const { raw } = await client.databases.read(id, what, q, { signal: app.ctx.signal });
      if (app.json) return app.printJson(raw);
      await renderSamples(app, raw);
    },
  });
}

export default loadCommand('load');
