import { readCommand } from '../resource/read.js';
import { VPS } from './family.js';

export default readCommand(VPS, { verb: 'metrics', description: 'CPU, memory, storage and network of a running VPS', sub: '/{id}/metrics', perResource: true });
