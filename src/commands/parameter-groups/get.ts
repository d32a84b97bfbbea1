import { getCommand } from '../resource/get.js';
import { PARAMETER_GROUPS } from './family.js';

export default getCommand(PARAMETER_GROUPS);
