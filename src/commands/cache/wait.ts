import { waitCommand } from '../resource/wait-command.js';
import { CACHE } from './family.js';

export default waitCommand(CACHE);
