import { waitCommand } from '../resource/wait-command.js';
import { FIREWALLS } from './family.js';

export default waitCommand(FIREWALLS);
