import { getCommand } from '../../resource/get.js';
import { KEYS } from './family.js';

export default getCommand(KEYS);
