import { waitCommand } from '../resource/wait-command.js';
import { SITES } from './family.js';

export default waitCommand(SITES);
