import { getCommand } from '../../resource/get.js';
import { RULES } from './family.js';

export default getCommand(RULES);
