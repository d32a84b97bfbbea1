import { readCommand } from '../resource/read.js';
import { VPS } from './family.js';

export default readCommand(VPS, { verb: 'images', description: 'the operating system images a VPS can be created from', sub: '/images', perResource: false });
