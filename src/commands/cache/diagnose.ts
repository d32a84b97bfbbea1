import { diagnoseCommand } from '../resource/diagnose.js';
import { CACHE } from './family.js';

export default diagnoseCommand(CACHE);
