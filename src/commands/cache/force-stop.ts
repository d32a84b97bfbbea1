import { forceStopCommand } from '../resource/force-stop.js';
import { CACHE } from './family.js';

export default forceStopCommand(CACHE);
