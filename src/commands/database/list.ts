import { listCommand } from './shared.js';

export default listCommand('database');
