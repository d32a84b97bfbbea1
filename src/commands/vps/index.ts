import type { Command } from 'commander';
import { examples, intOption, type ActionFactory } from '../../cli/program.js';

export function registerVps(program: Command, action: ActionFactory): void {
  const vps = program.command('vps').description('virtual private servers');
  examples(
    vps
      .command('list')
      .description('list VPS instances')
      .option('--page <n>', 'page to show', intOption('--page'))
      .option('--per-page <n>', 'items per page', intOption('--per-page'))
      .option('--all', 'follow every page')
      .action(action(() => import('./list.js'))),
    ['infra vps list', 'infra vps list --all --json | jq -r ".[].name"', 'infra vps list --all | cut -f2'],
  );
}
