// `infra apps metrics <id>`: the app's summary (CPU, memory now) and, per series, last, min,
// average and max over the window; on a terminal a sparkline per series too. --json prints
// the API's answer unchanged.
import { resourceArg, defineCommand, option } from '../../cli/command.js';
import { intOption, wideOption } from '../../cli/options.js';
import { InvalidArgumentError } from 'commander';
import { sparkline } from '../../output/sparkline.js';
import { field } from '../resource/family.js';
import { APPS } from './family.js';
import { num, seriesOf, type SeriesRow } from './metrics-series.js';

const SPARK_WIDTH = 30;

function stepOption(value: string): string {
  if (!/^[1-9][0-9]*[mh]$/.test(value.trim())) throw new InvalidArgumentError('--step takes minutes or hours, e.g. 5m, 1h.');
  return value.trim();
}

export default defineCommand({
  path: ['apps', 'metrics'],
  description: 'CPU and memory of an app: now, and min/avg/max over the last hours (a sparkline on a terminal)',
  args: [resourceArg('<id>', 'app id or name', APPS.kind)],
  options: {
    ...wideOption(),
    hours: option('--hours <n>', "window: the last N hours (1 to 168; default: the API's, 1)", intOption('--hours', 1, 168)),
    step: option('--step <step>', "resolution of the series, e.g. 5m, 1h (default: the API's)", stepOption),
  },
  examples: ['infra apps metrics shop-wp', 'infra apps metrics shop-wp --hours 24 --step 1h', 'infra apps metrics shop-wp --json | jq .data.summary'],
  run: async (app, { args: [ref], opts }) => {
    const client = await app.client();
    const id = (await client.resources.resolve(APPS.kind, ref, { signal: app.ctx.signal })).id;
    const query = new URLSearchParams();
    if (opts.hours !== undefined) query.set('hours', String(opts.hours));
    if (opts.step) query.set('step', opts.step);
    const qs = query.toString();
    const { raw } = await client.resources.read(APPS.kind, `/${encodeURIComponent(id)}/metrics${qs ? `?${qs}` : ''}`, { signal: app.ctx.signal });
    if (app.json) return app.printJson(raw);
    const data = ((raw as { data?: unknown })?.data ?? {}) as Record<string, unknown>;
    const summary = (data.summary && typeof data.summary === 'object' ? data.summary : {}) as Record<string, unknown>;
    app.keyValue([
      ['CPU', field(summary, 'cpu_percentage') === undefined ? undefined : `${field(summary, 'cpu_percentage')}%`],
      ['Memory', field(summary, 'memory_mb') === undefined ? undefined : `${field(summary, 'memory_mb')} MB`],
      ['Retrieved', field(summary, 'retrieved_at') ?? 'no current reading (the app is not running)'],
    ]);
    const series = seriesOf(data.metrics);
    if (series.length === 0) {
      app.info('no series in the answer: the summary above is all the API sent');
      return;
    }
    app.print('');
    // The picture only where a person looks: pipes get the numbers alone.
    const tty = !!app.ctx.stdout.isTTY;
    const table = app.table<SeriesRow>([
      { header: 'SERIES', value: (s) => s.name },
      { header: 'POINTS', value: (s) => String(s.values.length) },
      { header: 'LAST', value: (s) => num(s.last) },
      { header: 'MIN', value: (s) => num(s.min) },
      { header: 'AVG', value: (s) => num(s.avg) },
      { header: 'MAX', value: (s) => num(s.max) },
      ...(tty ? [{ header: 'TREND', value: (s: SeriesRow) => sparkline(s.values, { width: SPARK_WIDTH }) }] : []),
    ]);
    table.add(series);
    await table.end();
  },
});
