import { InvalidArgumentError } from 'commander';
import { defineCommand, flag, withDefault } from '../../cli/command.js';
import { intOption } from '../../cli/options.js';
import { ExitCode } from '../../shared/exit-codes.js';

function parseSpeed(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > 10_000) throw new InvalidArgumentError('--speed must be a number above 0 and at most 10000.');
  return n;
}

export default defineCommand({
  path: ['sim'],
  description: 'run the local simulator of the API (for trying commands and testing scripts)',
  options: {
    port: withDefault('--port <n>', 'port to listen on (0 picks a free one)', 8787, intOption('--port', 0, 65535)),
    speed: withDefault('--speed <x>', 'clock speed factor (20 = twenty times faster)', 1, parseSpeed),
    generations: flag('--no-generations', 'answer as a server that predates spec_generation/observed_generation (waits then use fresh observations)'),
  },
  examples: ['infra sim --port 0 --speed 20', 'infra sim --json | head -1   # {"url": ..., "tokens": {...}}', 'infra sim --port 0 --no-generations'],
  run: async (app, { opts }) => {
    const { serveSimulator } = await import('../../sim/cli.js');
    const code = await serveSimulator({ port: opts.port, speed: opts.speed, json: app.json, generations: opts.generations }, app.ctx, app.ctx.signal);
    return app.ctx.signal.aborted ? ExitCode.INTERRUPTED : code;
  },
});
