import { defineCommand } from '../../cli/command.js';
import { pageOptions } from '../../cli/options.js';
import type { WebhookDelivery } from '../../client/webhooks.js';
import { pageQuery, renderList } from '../../output/list.js';
import { TIMESTAMP_FIT } from '../../output/fit.js';

/** delivered, failed (retries used up) or pending (not answered yet, or being retried). */
function outcome(d: WebhookDelivery): string {
  if (d.delivered_at) return 'delivered';
  if (d.failed_at) return 'failed';
  return 'pending';
}

export default defineCommand({
  path: ['webhooks', 'deliveries'],
  description: 'list the webhook deliveries, newest first: event, outcome, response status and attempts',
  options: pageOptions(),
  examples: ['infra webhooks deliveries', "infra webhooks deliveries --json | jq -r '.[] | select(.failed_at) | .error_message'"],
  run: async (app, { opts }) => {
    const client = await app.client();
    await renderList<WebhookDelivery>(
      app,
      client.webhooks.deliveries(pageQuery(opts)),
      [
        { header: 'ID', value: (d) => d.id },
        { header: 'EVENT', value: (d) => d.event ?? '' },
        { header: 'OUTCOME', value: outcome, color: (v) => (v === 'failed' ? app.style.red(v) : v === 'delivered' ? app.style.green(v) : app.style.yellow(v)) },
        { header: 'STATUS', value: (d) => (d.response_status === undefined || d.response_status === null ? '' : String(d.response_status)) },
        { header: 'ATTEMPTS', value: (d) => (d.attempts === undefined || d.attempts === null ? '' : String(d.attempts)) },
        { header: 'CREATED', value: (d) => d.created_at ?? '', fit: { ...TIMESTAMP_FIT, priority: 1 } },
        { header: 'ERROR', value: (d) => d.error_message ?? '', fit: { kind: 'text', min: 16 } },
      ],
      { empty: 'no webhook deliveries in this project', paging: opts },
    );
  },
});
