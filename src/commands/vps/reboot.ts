import { actionCommand } from '../resource/action.js';
import { VPS } from './family.js';

export default actionCommand(VPS, { verb: 'reboot', description: 'reboot a running VPS; --wait until it runs again' });
