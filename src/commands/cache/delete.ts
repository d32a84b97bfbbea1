import { deleteCommand } from '../resource/delete.js';
import { CACHE } from './family.js';

export default deleteCommand(CACHE);
