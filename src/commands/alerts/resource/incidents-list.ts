import { choice, option } from '../../../cli/command.js';
import { timestampOption, textOption } from '../../../cli/options.js';
import { cursorListCommand } from './cursor-list.js';
import { INCIDENTS } from './family.js';

export default cursorListCommand(INCIDENTS, {
  description: 'list incidents opened by resource alerts (open and resolved; --state open for the current ones)',
  filters: {
    state: choice('--state <state>', 'open, resolved or all', ['open', 'resolved', 'all']),
    severity: choice('--severity <severity>', 'only incidents of this severity', ['warning', 'critical']),
    source: option('--source <source>', 'only incidents from this source', textOption('--source')),
    resourceType: option('--resource-type <type>', 'only incidents on this resource type', textOption('--resource-type')),
    resourceId: option('--resource-id <id>', 'only incidents on this resource', textOption('--resource-id')),
    signal: option('--signal <key>', 'only incidents on this signal', textOption('--signal')),
    since: option('--since <timestamp>', 'opened at or after (ISO 8601 with an offset)', timestampOption('--since')),
    until: option('--until <timestamp>', 'opened at or before (ISO 8601 with an offset)', timestampOption('--until')),
  },
  query: (o) => ({ state: o.state, severity: o.severity, source: o.source, resource_type: o.resourceType, resource_id: o.resourceId, signal_key: o.signal, since: o.since, until: o.until }),
  examples: [
    'infra alerts resource incidents list --state open',
    'infra alerts resource incidents list --severity critical --since 2026-11-01T00:00:00Z',
    'infra alerts resource incidents list --limit 20 --json',
  ],
});
