import { diagnoseCommand } from '../resource/diagnose.js';
import { SITES } from './family.js';

export default diagnoseCommand(SITES);
