import type { Command } from 'commander';
import { examples, pageOptions, type ActionFactory } from '../../cli/program.js';

export function registerVps(program: Command, action: ActionFactory): void {
  const vps = program.command('vps').description('virtual private servers');
  examples(
    pageOptions(vps.command('list').description('list VPS instances'))
      .action(action(() => import('./list.js'))),
    ['infra vps list', 'infra vps list --all --json | jq -r ".[].name"', 'infra vps list --all | cut -f2'],
  );
}
