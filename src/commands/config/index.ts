import type { Command } from 'commander';
import { examples, type ActionFactory } from '../../cli/program.js';

type Verb = 'get' | 'set' | 'unset' | 'list' | 'path';

export function registerConfig(program: Command, action: ActionFactory): void {
  const config = program.command('config').description('read and change settings (keys: api-url, project, output)');
  const verb = (usage: string, name: Verb, description: string, ex: string[]) =>
    examples(config.command(usage).description(description).action(action(() => import('./config.js').then((m) => ({ run: m[name] })))), ex);
  verb('get <key>', 'get', 'print a setting', ['infra config get project']);
  verb('set <key> <value>', 'set', 'change a setting', ['infra config set api-url https://api.example.com', 'infra config set output json']);
  verb('unset <key>', 'unset', 'remove a setting', ['infra config unset project']);
  verb('list', 'list', 'print every setting as key=value', ['infra config list']);
  verb('path', 'path', 'print the path of the config file', ['infra config path']);
}
