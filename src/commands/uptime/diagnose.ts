import { diagnoseCommand } from '../resource/diagnose.js';
import { UPTIME } from './family.js';

export default diagnoseCommand(UPTIME);
