import { listCommand } from '../../resource/list.js';
import { METRIC_ALERTS } from './family.js';

export default listCommand(METRIC_ALERTS);
