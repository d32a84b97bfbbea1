import { getCommand } from '../resource/get.js';
import { VPS } from './family.js';

export default getCommand(VPS);
