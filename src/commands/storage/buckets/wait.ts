import { waitCommand } from '../../resource/wait-command.js';
import { BUCKETS } from './family.js';

export default waitCommand(BUCKETS);
