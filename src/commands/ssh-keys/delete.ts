import { deleteCommand } from '../resource/delete.js';
import { SSH_KEYS } from './family.js';

export default deleteCommand(SSH_KEYS);
