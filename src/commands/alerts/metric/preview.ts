// `infra alerts metric preview <id>`: where a metric alert would be delivered if it fired now.
import { resourceArg, defineCommand } from '../../../cli/command.js';
import { field } from '../../resource/family.js';
import { METRIC_ALERTS } from './family.js';

/** A recipient of the preview (typed `unknown[]`): its channel and address, or as sent. */
export function recipientText(r: unknown): string {
  if (r && typeof r === 'object') {
    const o = r as Record<string, unknown>;
    const where = field(o, 'to') ?? field(o, 'address') ?? field(o, 'email') ?? field(o, 'url') ?? field(o, 'name');
    const channel = field(o, 'channel') ?? field(o, 'type');
    return channel && where ? `${channel}: ${where}` : (where ?? channel ?? JSON.stringify(o));
  }
  return String(r);
}

export default defineCommand({
  path: ['alerts', 'metric', 'preview'],
  description: 'where a metric alert would be delivered if it fired now (channels, recipients)',
  args: [resourceArg('<id>', 'metric alert id or name', METRIC_ALERTS.kind)],
  examples: ['infra alerts metric preview vps-01-cpu-high', 'infra alerts metric preview vps-01-cpu-high --json'],
  run: async (app, { args: [ref] }) => {
    const client = await app.client();
    const id = (await client.resources.resolve(METRIC_ALERTS.kind, ref, { signal: app.ctx.signal })).id;
    const { raw } = await client.resources.read(METRIC_ALERTS.kind, `/${encodeURIComponent(id)}/delivery-preview`, { signal: app.ctx.signal });
    if (app.json) return app.printJson(raw);
    const d = ((raw as { data?: unknown })?.data ?? {}) as Record<string, unknown>;
    const recipients = Array.isArray(d.recipients) ? d.recipients.map(recipientText) : [];
    app.keyValue([
      ['Alert', field(d, 'rule_id') ?? id],
      ['Category', field(d, 'category')],
      ['Delivers', d.delivers === true ? 'yes' : d.delivers === false ? 'no' : undefined],
      ['Recipients', recipients.join(', ') || 'none'],
    ]);
    if (d.delivers === false) app.warn('nothing would be delivered: the alert is off, or it has no channel (alerts metric update --notify)');
  },
});
