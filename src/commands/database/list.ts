import { listCommand } from '../resource/datastore.js';

export default listCommand('database');
