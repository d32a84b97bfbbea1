import { toggleCommand } from './toggle.js';

export default toggleCommand('pause');
