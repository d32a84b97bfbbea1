import { listCommand } from '../../resource/list.js';
import { KEYS } from './family.js';

export default listCommand(KEYS);
