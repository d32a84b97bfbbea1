import { listCommand } from '../resource/list.js';
import { VPS } from './family.js';

export default listCommand(VPS, ['infra vps list | cut -f2']);
