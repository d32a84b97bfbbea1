import { eventsCommand } from '../resource/events.js';
import { QUEUE } from './family.js';

export default eventsCommand(QUEUE);
