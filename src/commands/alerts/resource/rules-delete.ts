import { deleteCommand } from '../../resource/delete.js';
import { RULES } from './family.js';

export default deleteCommand(RULES);
