import { eventsCommand } from '../resource/events.js';
import { CACHE } from './family.js';

export default eventsCommand(CACHE);
