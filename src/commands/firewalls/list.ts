import { listCommand } from '../resource/list.js';
import { FIREWALLS } from './family.js';

export default listCommand(FIREWALLS);
