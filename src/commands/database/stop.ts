import { actionCommand } from '../resource/action.js';
import { DATABASE } from './family.js';

export default actionCommand(DATABASE, { verb: 'stop', description: 'stop a running database (connections are refused until it starts); --wait until it is stopped' });
