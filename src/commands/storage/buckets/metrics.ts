import { readCommand } from '../../resource/read.js';
import { BUCKETS } from './family.js';

export default readCommand(BUCKETS, { verb: 'metrics', description: 'size, objects, requests, traffic and cost of a bucket over the last day', sub: '/{id}/metrics', perResource: true });
