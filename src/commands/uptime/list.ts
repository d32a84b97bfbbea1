import { listCommand } from '../resource/list.js';
import { UPTIME } from './family.js';

export default listCommand(UPTIME);
