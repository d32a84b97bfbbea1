import { deleteCommand } from '../resource/delete.js';
import { FIREWALLS } from './family.js';

export default deleteCommand(FIREWALLS);
