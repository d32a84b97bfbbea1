import { actionCommand } from '../resource/action.js';
import { DATABASE } from './family.js';

export default actionCommand(DATABASE, {
  verb: 'start',
  description: 'start a stopped database; --wait until it runs',
  examples: [
    'infra database stop orders-pg --wait && infra database start orders-pg --wait',
    'infra database stop orders-pg --wait && infra database start 5ac9f32f-5002-4d08-87c4-b9e6716d0bf9 --json',
  ],
});
