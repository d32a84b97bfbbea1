import { readCommand } from '../resource/read.js';
import { VPS } from './family.js';

export default readCommand(VPS, { verb: 'images', description: 'the operating system images to create a VPS with', sub: '/images', perResource: false });
