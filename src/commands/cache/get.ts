import { getCommand } from '../resource/get.js';
import { CACHE } from './family.js';

export default getCommand(CACHE);
