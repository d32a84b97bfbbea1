import { deleteCommand } from '../resource/delete.js';
import { UPTIME } from './family.js';

export default deleteCommand(UPTIME);
