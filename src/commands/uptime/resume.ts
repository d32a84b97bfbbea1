import { switchCommand } from '../resource/switch.js';
import { UPTIME } from './family.js';

export default switchCommand(UPTIME, {
  verb: 'resume',
  enabled: true,
  route: 'toggle',
  done: 'resumed',
  description: 'start checking a paused URL again; nothing is sent if it is being checked already',
  examples: ['infra uptime resume status-page', 'infra uptime resume status-page --json'],
});
