import { getCommand } from '../resource/get.js';
import { QUEUE } from './family.js';

export default getCommand(QUEUE);
