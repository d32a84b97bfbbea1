import { getCommand } from '../../resource/get.js';
import { INCIDENTS } from './family.js';

export default getCommand(INCIDENTS);
