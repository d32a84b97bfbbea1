import { listCommand } from '../database/shared.js';

export default listCommand('cache');
