import { readCommand } from '../resource/read.js';
import { VPS } from './family.js';

export default readCommand(VPS, { verb: 'status', description: 'show the legacy status of a VPS and what it allows now (start, stop, reboot, delete)', sub: '/{id}/status', perResource: true });
