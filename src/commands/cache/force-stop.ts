import { forceStopCommand } from '../database/force-stop-flow.js';
import { CACHE } from './family.js';

export default forceStopCommand(CACHE);
