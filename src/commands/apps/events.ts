import { eventsCommand } from '../resource/events.js';
import { APPS } from './family.js';

export default eventsCommand(APPS);
