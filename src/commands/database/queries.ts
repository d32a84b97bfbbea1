import { loadCommand } from './load.js';

export default loadCommand('queries');
