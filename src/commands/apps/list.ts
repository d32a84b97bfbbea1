import { listCommand } from '../resource/list.js';
import { APPS } from './family.js';

export default listCommand(APPS);
