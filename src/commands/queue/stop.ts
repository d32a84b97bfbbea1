import { actionCommand } from '../resource/action.js';
import { QUEUE } from './family.js';

export default actionCommand(QUEUE, { verb: 'stop', description: 'stop a running queue instance (clients are disconnected); --wait until it is stopped' });
