import { InvalidArgumentError, type Command } from 'commander';
import type { ActionFactory } from '../../cli/program.js';
import { examples, intOption } from '../../cli/program.js';

export function registerSim(program: Command, action: ActionFactory): void {
  const sim = program
    .command('sim')
    .description('run the local simulator of the API (for trying commands and testing scripts)')
    .option('--port <n>', 'port to listen on (0 picks a free one)', intOption('--port', 0, 65535), 8787)
    .option('--speed <x>', 'clock speed factor (20 = twenty times faster)', parseSpeed, 1)
    .option('--no-generations', 'answer as a server that predates spec_generation/observed_generation (waits then use fresh observations)')
    .action(action(() => import('./serve.js')));
  examples(sim, [
    'infra sim --port 0 --speed 20',
    'infra sim --json | head -1   # {"url": ..., "tokens": {...}}',
    'infra sim --port 0 --no-generations',
  ]);
}

function parseSpeed(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > 10_000) throw new InvalidArgumentError('--speed must be a number above 0 and at most 10000.');
  return n;
}
