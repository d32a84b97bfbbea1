import { deleteCommand } from '../resource/delete.js';
import { VPS } from './family.js';

export default deleteCommand(VPS);
