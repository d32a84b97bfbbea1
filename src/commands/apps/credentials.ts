import { readCommand } from '../resource/read.js';
import { APPS } from './family.js';

export default readCommand(APPS, {
  verb: 'credentials',
  description: "the app's admin login: user, password (masked unless --show-secrets) and sign-in URL",
  sub: '/{id}/credentials',
  perResource: true,
  secrets: ['admin_password'],
  examples: ['infra apps credentials shop-wp', 'infra apps credentials shop-wp --show-secrets', 'infra apps credentials shop-wp --json | jq -r .data.admin_password'],
});
