// `infra alerts resource catalog`: what can be alerted on (families, their resources and
// signals), the channels and the limits, for `rules create`.
import { defineCommand } from '../../../cli/command.js';
import { wideOption } from '../../../cli/options.js';
import { field } from '../../resource/family.js';
import { RULES } from './family.js';

type Row = Record<string, unknown>;

/** Signals are typed `unknown[]`: a signal's key (and unit), or its text. */
export function signalsText(signals: unknown): string {
  if (!Array.isArray(signals)) return '';
  return signals.map((s) => (s && typeof s === 'object' ? (field(s as Row, 'key') ?? field(s as Row, 'signal_key') ?? JSON.stringify(s)) : String(s))).join(', ');
}

export default defineCommand({
  path: ['alerts', 'resource', 'catalog'],
  description: 'what resource alerts can watch: resource types, their signals and resources, channels and limits',
  options: wideOption(),
  examples: ['infra alerts resource catalog', "infra alerts resource catalog --json | jq '.data.families[] | {key, signals}'"],
  run: async (app) => {
    const client = await app.client();
    const { raw } = await client.resources.read({ ...RULES.kind, path: '/resource-alerts' }, '/catalog', { signal: app.ctx.signal });
    if (app.json) return app.printJson(raw);
    const data = ((raw as { data?: unknown })?.data ?? {}) as Row;
    const families = Array.isArray(data.families) ? (data.families.filter((f) => f && typeof f === 'object') as Row[]) : [];
    const table = app.table<Row>([
      { header: 'TYPE', value: (f) => field(f, 'key') ?? '' },
      { header: 'LABEL', value: (f) => field(f, 'label') ?? '' },
      { header: 'CREATABLE', value: (f) => field(f, 'creatable') ?? '' },
      { header: 'RESOURCES', value: (f) => (Array.isArray(f.resources) ? String(f.resources.length) : '') },
      { header: 'SIGNALS', value: (f) => signalsText(f.signals) || (field(f, 'availability') ?? ''), fit: { kind: 'text', min: 16 } },
    ]);
    table.add(families);
    await table.end();
    const limits = (data.limits ?? {}) as Row;
    const channels = Array.isArray(data.channels) ? data.channels.map(String).join(', ') : undefined;
    app.info(
      [
        channels ? `channels: ${channels}` : undefined,
        field(limits, 'team_used') ? `rules: ${field(limits, 'team_used')} of ${field(limits, 'per_team') ?? '?'} (at most ${field(limits, 'per_resource') ?? '?'} per resource)` : undefined,
      ]
        .filter(Boolean)
        .join('; ') || 'no channels or limits in the answer',
    );
    if (data.dispatch_enabled === false) app.warn('notifications are not being sent right now (dispatch_enabled: false): incidents open, nobody is told');
  },
});
