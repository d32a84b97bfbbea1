import { diagnoseCommand } from '../resource/diagnose.js';
import { VPS } from './family.js';

export default diagnoseCommand(VPS);
