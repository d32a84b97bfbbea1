import type { Command } from 'commander';
import { examples, type ActionFactory } from '../../cli/program.js';

export function registerRecovery(program: Command, action: ActionFactory): void {
  const recovery = program.command('recovery').description('what each product supports for recovery points and restores');
  examples(
    recovery
      .command('capabilities')
      .description('the capability matrix: create a point, restore to new, replace existing, point in time, per product')
      .action(action(() => import('./capabilities.js'))),
    ['infra recovery capabilities', 'infra recovery capabilities --json | jq \'.data[] | select(.replace_existing.status != "no") | .product\''],
  );
}
