import { waitCommand } from '../resource/wait-command.js';
import { VPS } from './family.js';

export default waitCommand(VPS);
