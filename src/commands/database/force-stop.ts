import { DATABASE } from './family.js';
import { forceStopCommand } from './force-stop-flow.js';

export default forceStopCommand(DATABASE);
