import { logsCommand } from '../resource/logs.js';
import { QUEUE } from './family.js';

export default logsCommand(QUEUE);
