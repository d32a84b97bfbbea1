import { logsCommand } from '../resource/logs.js';
import { APPS } from './family.js';

export default logsCommand(APPS);
