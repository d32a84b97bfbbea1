import { diagnoseCommand } from '../../resource/diagnose.js';
import { BUCKETS } from './family.js';

export default diagnoseCommand(BUCKETS);
