// `infra serverless metrics <id> [--hours N]`: the container, its resources and current
// figures, then one row per series (requests, latency, replicas, cpu, memory, errors) with a
// sparkline each on a terminal. --json prints the answer as sent.
import { resourceArg, defineCommand, option } from '../../cli/command.js';
import { CONTAINERS } from '../../client/families.js';
import { intOption, wideOption } from '../../cli/options.js';
import { serverlessMetrics } from '../../client/serverless-usage.js';
import { renderSamples } from '../kit/samples-view.js';

export default defineCommand({
  path: ['serverless', 'metrics'],
  description: "a container's requests, latency, replicas, CPU, memory and errors over the last hours",
  args: [resourceArg('<id>', 'container id, name or slug', CONTAINERS)],
  options: { hours: option('--hours <n>', 'how many hours back (default: the API decides)', intOption('--hours', 1, 168)), ...wideOption() },
  examples: ['infra serverless metrics web', 'infra serverless metrics web --hours 6 --json'],
  run: async (app, { args: [ref], opts }) => {
    const client = await app.client();
    const id = await client.serverless.resolveId(ref, { signal: app.ctx.signal });
    const { raw } = await serverlessMetrics(client.http, id, opts.hours, { signal: app.ctx.signal });
    if (app.json) return app.printJson(raw);
    await renderSamples(app, raw);
  },
});
