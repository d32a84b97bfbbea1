import { diagnoseCommand } from '../resource/diagnose.js';
import { APPS } from './family.js';

export default diagnoseCommand(APPS);
