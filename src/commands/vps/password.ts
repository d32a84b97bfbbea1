import { readCommand } from '../resource/read.js';
import { VPS } from './family.js';

export default readCommand(VPS, {
  verb: 'password',
  description: 'show the root password of a VPS created with one (masked unless --show-secrets)',
  sub: '/{id}/password',
  perResource: true,
  secrets: ['password'],
});
