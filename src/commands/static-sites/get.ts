import { getCommand } from '../resource/get.js';
import { SITES } from './family.js';

export default getCommand(SITES);
