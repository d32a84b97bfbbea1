import { getCommand } from '../../resource/get.js';
import { METRIC_ALERTS } from './family.js';

export default getCommand(METRIC_ALERTS);
