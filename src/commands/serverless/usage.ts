// `infra serverless usage <id> [--period YYYY-MM]`: the billing period's totals, then the usage
// records as series (requests, compute, errors, cost), a sparkline each on a terminal.
import { resourceArg, defineCommand, option } from '../../cli/command.js';
import { CONTAINERS } from '../../client/families.js';
import { wideOption } from '../../cli/options.js';
import { InvalidArgumentError } from 'commander';
import { serverlessUsage } from '../../client/serverless-usage.js';
import { seriesColumns, type Series } from '../kit/samples-view.js';

const SERIES: [string, string][] = [
  ['request_count', 'requests'],
  ['total_duration_seconds', 'compute seconds'],
  ['error_count', 'errors'],
  ['total_cost_cents', 'cost (cents)'],
];

/** The records' numeric fields as series, in the records' order. */
export function usageSeries(records: unknown): Series[] {
  const rows = Array.isArray(records) ? records.filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null) : [];
  if (!rows.length) return [];
  const timestamps = rows.map((r) => String(r.recorded_at ?? ''));
  return SERIES.flatMap(([key, name]) => {
    const values = rows.map((r) => Number(r[key]));
    return values.every(Number.isFinite) ? [{ name, values, timestamps }] : [];
  });
}

function periodOption(value: string): string {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(value.trim())) throw new InvalidArgumentError('--period must be a month as YYYY-MM, e.g. 2026-11.');
  return value.trim();
}

export default defineCommand({
  path: ['serverless', 'usage'],
  description: "a container's usage and cost in a billing period: totals, and requests, compute, errors and cost per record",
  args: [resourceArg('<id>', 'container id, name or slug', CONTAINERS)],
  options: { period: option('--period <YYYY-MM>', 'the billing period (default: the current one)', periodOption), ...wideOption() },
  examples: ['infra serverless usage web', 'infra serverless usage web --period 2026-10 --json'],
  run: async (app, { args: [ref], opts }) => {
    const client = await app.client();
    const id = await client.serverless.resolveId(ref, { signal: app.ctx.signal });
    const { raw } = await serverlessUsage(client.http, id, opts.period, { signal: app.ctx.signal });
    if (app.json) return app.printJson(raw);
    const answer = (raw ?? {}) as Record<string, unknown>;
    const summary = (answer.summary ?? {}) as Record<string, unknown>;
    const text = (v: unknown) => (v === undefined || v === null ? undefined : String(v));
    app.keyValue([
      ['period', text(answer.period)],
      ['requests', text(summary.total_requests)],
      ['compute seconds', text(summary.total_compute_seconds)],
      ['cost', summary.total_cost_dollars !== undefined ? `$${Number(summary.total_cost_dollars).toFixed(2)}` : text(summary.total_cost_cents)],
    ]);
    const series = usageSeries(answer.usage);
    if (!series.length) return app.info('no usage recorded in this period');
    const t = app.table(seriesColumns(!!app.ctx.stdout.isTTY));
    t.add(series);
    await t.end();
  },
});
