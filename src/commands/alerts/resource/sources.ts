// `infra alerts resource sources`: the evaluators behind resource alerts and whether they run.
// A stale or failing source means its rules cannot fire: said on stderr, exit 0 (data).
import { defineCommand } from '../../../cli/command.js';
import { wideOption } from '../../../cli/options.js';
import { field } from '../../resource/family.js';
import { RULES } from './family.js';
import { TIMESTAMP_FIT } from '../../../output/fit.js';

type Row = Record<string, unknown>;

export default defineCommand({
  path: ['alerts', 'resource', 'sources'],
  description: 'the sources that evaluate resource alerts: healthy, stale, failing or never ran',
  options: wideOption(),
  examples: ['infra alerts resource sources', 'infra alerts resource sources --json | jq \'.data[] | select(.state != "healthy")\''],
  run: async (app) => {
    const client = await app.client();
    // Below /resource-alerts, beside the rules: the family's path without `/rules`.
    const { raw } = await client.resources.read({ ...RULES.kind, path: '/resource-alerts' }, '/sources', { signal: app.ctx.signal });
    if (app.json) return app.printJson(raw);
    const answer = (raw ?? {}) as { data?: unknown; degraded?: unknown };
    const rows = Array.isArray(answer.data) ? (answer.data.filter((d) => d && typeof d === 'object') as Row[]) : [];
    const table = app.table<Row>([
      { header: 'SOURCE', value: (s) => field(s, 'key') ?? '' },
      { header: 'STATE', value: (s) => field(s, 'state') ?? '', color: (v) => (v === 'healthy' ? v : app.style.yellow(v)) },
      { header: 'LAST SUCCESS', value: (s) => field(s, 'last_succeeded_at') ?? 'never', fit: { ...TIMESTAMP_FIT, priority: 2 } },
      { header: 'ERROR', value: (s) => field(s, 'last_error_code') ?? '' },
      { header: 'OPEN', value: (s) => field(s, 'open_conditions') ?? '', fit: { priority: 1 } },
      { header: 'COVERS', value: (s) => field(s, 'coverage_note') ?? field(s, 'label') ?? '', fit: { kind: 'text', min: 16 } },
    ]);
    table.add(rows);
    await table.end();
    const bad = rows.filter((s) => s.state === 'stale' || s.state === 'failing').map((s) => field(s, 'key'));
    if (answer.degraded === true || bad.length)
      app.warn(
        `alerting is degraded${bad.length ? `: ${bad.join(', ')} ${bad.length > 1 ? 'are' : 'is'} not evaluating` : ''}; rules on ${bad.length > 1 ? 'them' : 'it'} cannot fire until ${bad.length > 1 ? 'they recover' : 'it recovers'}`,
      );
  },
});
