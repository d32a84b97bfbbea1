import { getCommand } from '../resource/get.js';
import { DATABASE } from './family.js';

export default getCommand(DATABASE);
