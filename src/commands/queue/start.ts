import { actionCommand } from '../resource/action.js';
import { QUEUE, STOPPED_EXAMPLE } from './family.js';

export default actionCommand(QUEUE, {
  verb: 'start',
  description: 'start a stopped queue instance; --wait until it runs',
  examples: [`infra queue start ${STOPPED_EXAMPLE.name}`, `infra queue start ${STOPPED_EXAMPLE.name} --wait --timeout 5m`],
});
