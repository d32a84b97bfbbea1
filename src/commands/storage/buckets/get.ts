import { getCommand } from '../../resource/get.js';
import { BUCKETS } from './family.js';

export default getCommand(BUCKETS);
