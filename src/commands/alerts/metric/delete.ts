import { deleteCommand } from '../../resource/delete.js';
import { METRIC_ALERTS } from './family.js';

export default deleteCommand(METRIC_ALERTS);
