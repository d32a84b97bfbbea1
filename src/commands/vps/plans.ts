import { readCommand } from '../resource/read.js';
import { VPS } from './family.js';

export default readCommand(VPS, { verb: 'plans', description: 'the resource profiles (plans) of VPS instances', sub: '/plans', perResource: false });
