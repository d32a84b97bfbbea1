// `infra storage buckets metrics trend|top-objects|health <bucket>`: GET .../metrics/{what}.
// --json prints the answer as sent; people get its scalars as lines and its rows as a table.
import { resourceArg, defineCommand, option, type CommandDef, type OptionSpec } from '../../../cli/command.js';
import { renderSamples } from '../../kit/samples-view.js';
import { nonEmpty, wideOption } from '../../../cli/options.js';
import { BUCKETS } from './family.js';

type What = 'trend' | 'top-objects' | 'health';

const DESCRIPTION: Record<What, string> = {
  trend: 'size, objects, requests and traffic of a bucket over time (--window, --resolution)',
  'top-objects': 'the objects of a bucket that weigh most by a dimension (--dimension)',
  health: 'housekeeping of a bucket: pending multipart uploads, deleted bytes, last health check',
};

export function bucketMetricsCommand(what: What): CommandDef {
  const options: Record<string, OptionSpec<string | undefined>> = what === 'trend'
    ? {
        window: option('--window <w>', 'how far back, e.g. 7d, 24h (default: the API decides)', nonEmpty('--window')),
        resolution: option('--resolution <r>', 'one point per 1d, 1h, 15m, 5m or 1m', nonEmpty('--resolution')),
      }
    : what === 'top-objects'
      ? { dimension: option('--dimension <d>', 'what to rank by, e.g. size, requests, egress (default: the API decides)', nonEmpty('--dimension')) }
      : {};
  return defineCommand({
    path: ['storage', 'buckets', 'metrics', what],
    description: DESCRIPTION[what],
    args: [resourceArg('<bucket>', 'bucket id or name', BUCKETS.kind)],
    options: { ...options, ...wideOption() },
    examples: [`infra storage buckets metrics ${what} acme-assets`, `infra storage buckets metrics ${what} acme-assets --json`],
    run: async (app, { args: [ref], opts }) => {
      const client = await app.client();
      const { id } = await client.resources.resolve(BUCKETS.kind, ref, { signal: app.ctx.signal });
      // Every option but --wide (how the table shows) is a query parameter.
      const { wide: _wide, ...given } = opts as Record<string, string | undefined> & { wide: boolean };
      const query = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
      const { raw } = await client.buckets.metrics(id, what, query, { signal: app.ctx.signal });
      if (app.json) return app.printJson(raw);
      await renderSamples(app, raw);
    },
  });
}
