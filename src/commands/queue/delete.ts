import { deleteCommand } from '../resource/delete.js';
import { QUEUE, STOPPED_EXAMPLE } from './family.js';

// The API refuses to delete a running queue ("stop the instance first"): the examples name a stopped one.
export default deleteCommand({ ...QUEUE, example: STOPPED_EXAMPLE });
