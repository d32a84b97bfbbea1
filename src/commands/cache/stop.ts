import { actionCommand } from '../resource/action.js';
import { CACHE } from './family.js';

export default actionCommand(CACHE, { verb: 'stop', description: 'stop a running cache (connections are refused until it starts); --wait until it is stopped' });
