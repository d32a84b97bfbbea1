import { switchCommand } from '../../resource/switch.js';
import { METRIC_ALERTS } from './family.js';

export default switchCommand(METRIC_ALERTS, {
  verb: 'disable',
  enabled: false,
  route: 'toggle',
  done: 'disabled',
  description: 'switch a metric alert off (kept, not evaluated); nothing is sent if it is off already',
  examples: ['infra alerts metric disable vps-01-cpu-high', 'infra alerts metric disable c365bed1-9608-48bb-b49b-d284153538f1 --json'],
});
