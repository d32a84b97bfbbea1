import { switchCommand } from '../../resource/switch.js';
import { RULES } from './family.js';

export default switchCommand(RULES, {
  verb: 'disable',
  enabled: false,
  route: 'enabled',
  done: 'disabled',
  description: 'switch an alert rule off (kept, not evaluated); nothing is sent if it is off already',
  examples: ['infra alerts resource rules disable vps-01-memory', 'infra alerts resource rules disable b59f4752-f216-4a2e-a53f-0cf90d63c452 --json'],
});
