import { waitCommand } from '../resource/wait-command.js';
import { APPS } from './family.js';

export default waitCommand(APPS);
