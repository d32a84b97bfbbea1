import { DATABASE } from './family.js';
import { forceStopCommand } from '../resource/force-stop.js';

export default forceStopCommand(DATABASE);
