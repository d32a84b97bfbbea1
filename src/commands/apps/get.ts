import { getCommand } from '../resource/get.js';
import { APPS } from './family.js';

export default getCommand(APPS);
