import type { Command } from 'commander';
import { examples, type ActionFactory } from '../../cli/program.js';

export function registerAuth(program: Command, action: ActionFactory): void {
  const auth = program.command('auth').description('log in, check and remove the stored API token');
  examples(
    auth
      .command('login')
      .description('store an API token after verifying it with one request')
      .option('--with-token', 'read the token from standard input')
      .action(action(() => import('./login.js'))),
    ['infra auth login', 'infra auth login --with-token < token.txt', 'echo "$TOKEN" | infra --api-url https://api.example.com auth login --with-token'],
  );
  examples(auth.command('status').description('show the API URL, token source, project, and whether the token works').action(action(() => import('./status.js'))), [
    'infra auth status',
    'infra auth status --json',
  ]);
  examples(auth.command('logout').description('remove the stored token').action(action(() => import('./logout.js'))), ['infra auth logout']);
}
