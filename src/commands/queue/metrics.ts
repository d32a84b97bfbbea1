import { readCommand } from '../resource/read.js';
import { QUEUE } from './family.js';

export default readCommand(QUEUE, { verb: 'metrics', description: 'connections, channels, queues, memory and the health of the broker', sub: '/{id}/metrics', perResource: true });
