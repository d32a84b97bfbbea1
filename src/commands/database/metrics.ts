import { readCommand } from '../resource/read.js';
import { DATABASE } from './family.js';

export default readCommand(DATABASE, {
  verb: 'metrics',
  description: 'memory, connections and queries of a database (zeros and "unknown" while it is not running)',
  sub: '/{id}/metrics',
  perResource: true,
});
