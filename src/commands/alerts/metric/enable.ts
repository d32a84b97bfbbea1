import { switchCommand } from '../../resource/switch.js';
import { METRIC_ALERTS } from './family.js';

export default switchCommand(METRIC_ALERTS, {
  verb: 'enable',
  enabled: true,
  route: 'toggle',
  done: 'enabled',
  description: 'switch a metric alert on (it is evaluated again); nothing is sent if it is on already',
  examples: ['infra alerts metric enable vps-01-cpu-high', 'infra alerts metric enable c365bed1-9608-48bb-b49b-d284153538f1 --json'],
});
