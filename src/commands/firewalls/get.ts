import { getCommand } from '../resource/get.js';
import { FIREWALLS } from './family.js';

export default getCommand(FIREWALLS);
