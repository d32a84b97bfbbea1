import { actionCommand } from '../resource/action.js';
import { VPS } from './family.js';

export default actionCommand(VPS, { verb: 'start', description: 'start a stopped VPS; --wait until it runs' });
