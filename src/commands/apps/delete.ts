import { deleteCommand } from '../resource/delete.js';
import { APPS } from './family.js';

export default deleteCommand(APPS);
