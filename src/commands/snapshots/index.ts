import type { Command } from 'commander';
import { examples, pageOptions, type ActionFactory } from '../../cli/program.js';

export function registerSnapshots(program: Command, action: ActionFactory): void {
  const snapshots = program.command('snapshots').description('recovery points of VPS, caches and databases, and replace-existing restores');
  examples(
    pageOptions(snapshots.command('list <product>').description('list recovery points (product: vps, cache or database): origin, state, size, protection label, actions'))
      .action(action(() => import('./list.js'))),
    ['infra snapshots list database', 'infra snapshots list vps --all', 'infra snapshots list cache --json | jq -r \'.[] | select(.state == "available") | .id\''],
  );
  examples(
    snapshots
      .command('restore <product> <point-id>')
      .description('replace the existing resource with a recovery point (destructive: everything written after the point is lost)')
      .option('--confirm <name>', "the resource's exact name (required without a terminal; on a terminal you are asked to type it)")
      .option('--no-safety-point', 'do not take a safety point of the current data first')
      .option('--idempotency-key <key>', 'retry a restore safely: the same key returns the same operation (default: a new key, printed)')
      .addHelpText('after', "\nCheck what a product supports first: 'infra recovery capabilities' (PostgreSQL and MariaDB restore to a new resource only).")
      .action(action(() => import('./restore.js'))),
    [
      'infra snapshots restore database 31',
      'infra snapshots restore vps 11 --confirm vps-01',
      'infra snapshots restore cache 21 --confirm sessions-redis --no-safety-point',
      'infra snapshots restore vps 11 --confirm vps-01 --idempotency-key 3f6c9d2e-retry',
    ],
  );
}
