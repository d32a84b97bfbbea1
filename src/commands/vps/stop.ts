import { actionCommand } from '../resource/action.js';
import { VPS } from './family.js';

export default actionCommand(VPS, { verb: 'stop', description: 'stop a running VPS; --wait until it is stopped' });
