import { switchCommand } from '../../resource/switch.js';
import { RULES } from './family.js';

export default switchCommand(RULES, {
  verb: 'enable',
  enabled: true,
  route: 'enabled',
  done: 'enabled',
  description: 'switch an alert rule on; nothing is sent if it is on already',
  examples: ['infra alerts resource rules enable vps-01-memory', 'infra alerts resource rules enable b59f4752-f216-4a2e-a53f-0cf90d63c452 --json'],
});
