import { logsCommand } from '../resource/logs.js';
import { CACHE } from './family.js';

export default logsCommand(CACHE);
