import { field } from '../../resource/family.js';
import { rowsCommand } from '../../resource/rows.js';
import { METRIC_ALERTS } from './family.js';

export default rowsCommand(METRIC_ALERTS, {
  verb: 'history',
  sub: 'history',
  description: 'when a metric alert fired and resolved, with the value it saw',
  columns: [
    { header: 'OCCURRED', value: (r) => field(r, 'occurred_at') ?? '' },
    { header: 'EVENT', value: (r) => field(r, 'event_type') ?? '' },
    { header: 'VALUE', value: (r) => field(r, 'metric_value') ?? '' },
    { header: 'THRESHOLD', value: (r) => field(r, 'threshold_value') ?? '' },
  ],
  empty: 'no history: the alert has not fired',
  examples: ['infra alerts metric history vps-01-cpu-high', 'infra alerts metric history vps-01-cpu-high --limit 5 --json'],
});
