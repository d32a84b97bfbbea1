import { readCommand } from '../resource/read.js';
import { CACHE } from './family.js';

export default readCommand(CACHE, { verb: 'metrics', description: 'memory, clients, commands and hit ratio of a cache (zeros while it is not running)', sub: '/{id}/metrics', perResource: true });
