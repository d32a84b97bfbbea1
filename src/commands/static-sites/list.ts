import { listCommand } from '../resource/list.js';
import { SITES } from './family.js';

export default listCommand(SITES, ['infra static-sites list | cut -f2,4']);
