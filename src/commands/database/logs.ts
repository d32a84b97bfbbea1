import { logsCommand } from '../resource/logs.js';
import { DATABASE } from './family.js';

export default logsCommand(DATABASE);
