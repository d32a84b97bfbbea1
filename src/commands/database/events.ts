import { eventsCommand } from '../resource/events.js';
import { DATABASE } from './family.js';

export default eventsCommand(DATABASE);
