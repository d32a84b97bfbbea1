import { waitCommand } from '../resource/wait-command.js';
import { QUEUE } from './family.js';

export default waitCommand(QUEUE);
