import { waitCommand } from '../resource/wait-command.js';
import { DATABASE } from './family.js';

export default waitCommand(DATABASE);
