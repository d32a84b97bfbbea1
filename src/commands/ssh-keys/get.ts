import { getCommand } from '../resource/get.js';
import { SSH_KEYS } from './family.js';

export default getCommand(SSH_KEYS);
