import { eventsCommand } from '../resource/events.js';
import { VPS } from './family.js';

export default eventsCommand(VPS);
