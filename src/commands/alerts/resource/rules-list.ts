import { choice, option } from '../../../cli/command.js';
import { cursorListCommand } from './cursor-list.js';
import { RULES } from './family.js';
import { textOption } from '../../../cli/options.js';

export default cursorListCommand(RULES, {
  description: 'list resource alert rules, with their state (healthy, pending, firing, disabled, problem)',
  filters: {
    state: choice('--state <state>', 'only rules in this state', ['all', 'healthy', 'pending', 'firing', 'disabled', 'problem']),
    severity: choice('--severity <severity>', 'only rules of this severity', ['warning', 'critical']),
    resourceType: option('--resource-type <type>', 'only rules on this resource type (vps, database...)', textOption('--resource-type')),
    resourceId: option('--resource-id <id>', 'only rules on this resource', textOption('--resource-id')),
    signal: option('--signal <key>', 'only rules on this signal (cpu_usage...)', textOption('--signal')),
  },
  query: (o) => ({ state: o.state, severity: o.severity, resource_type: o.resourceType, resource_id: o.resourceId, signal_key: o.signal }),
  examples: ['infra alerts resource rules list', 'infra alerts resource rules list --state firing', "infra alerts resource rules list --resource-type vps --json | jq -r '.[].title'"],
});
