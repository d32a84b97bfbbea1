import { diagnoseCommand } from '../resource/diagnose.js';
import { DATABASE } from './family.js';

export default diagnoseCommand(DATABASE);
