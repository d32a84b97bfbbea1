import { switchCommand } from '../resource/switch.js';
import { UPTIME } from './family.js';

export default switchCommand(UPTIME, {
  verb: 'pause',
  enabled: false,
  route: 'toggle',
  done: 'paused',
  description: 'stop checking a URL for now (results and incidents are kept); nothing is sent if it is paused already',
  examples: ['infra uptime pause api-health', 'infra uptime pause c691f3aa-6450-4e49-bfe3-a668521243b5 --json'],
});
