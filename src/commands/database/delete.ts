import { deleteCommand } from '../resource/delete.js';
import { DATABASE } from './family.js';

export default deleteCommand(DATABASE);
