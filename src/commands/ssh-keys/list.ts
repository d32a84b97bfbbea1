import { listCommand } from '../resource/list.js';
import { SSH_KEYS } from './family.js';

export default listCommand(SSH_KEYS);
