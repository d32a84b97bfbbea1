import { listCommand } from '../../resource/list.js';
import { BUCKETS } from './family.js';

export default listCommand(BUCKETS, ['infra storage buckets list | cut -f2']);
