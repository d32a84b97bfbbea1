import { diagnoseCommand } from '../resource/diagnose.js';
import { QUEUE } from './family.js';

export default diagnoseCommand(QUEUE);
