import { actionCommand } from '../resource/action.js';
import { CACHE } from './family.js';

export default actionCommand(CACHE, {
  verb: 'start',
  description: 'start a stopped cache; --wait until it runs',
  examples: [
    'infra cache stop sessions-redis --wait && infra cache start sessions-redis --wait',
    'infra cache stop sessions-redis --wait && infra cache start 1d6e54d7-5670-462c-8b3a-9e1784ba21b4 --json',
  ],
});
