import { actionCommand } from '../resource/action.js';
import { APPS } from './family.js';

export default actionCommand(APPS, {
  verb: 'restart',
  description: 'restart an app (its data stays); --wait until it runs again',
  examples: ['infra apps restart shop-wp', 'infra apps restart shop-wp --wait --timeout 5m', 'infra apps restart 15f71ff3-2ad2-4a44-9f02-08aa2a2462eb --wait --json'],
});
