import { deleteCommand } from '../../resource/delete.js';
import { BUCKETS } from './family.js';

export default deleteCommand(BUCKETS);
