import { deleteCommand } from '../resource/delete.js';
import { SITES } from './family.js';

export default deleteCommand(SITES);
