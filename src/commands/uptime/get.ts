import { getCommand } from '../resource/get.js';
import { UPTIME } from './family.js';

export default getCommand(UPTIME);
