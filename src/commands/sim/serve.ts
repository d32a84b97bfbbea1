import { InvalidArgumentError } from 'commander';
import { defineCommand, flag, withDefault } from '../../cli/command.js';
import { intOption } from '../../cli/options.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { UsageError } from '../../cli/errors.js';

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
    const code = await serveSimulator({ port: opts.port, speed: opts.speed, json: app.json, generations: opts.generations }, app.ctx, app.ctx.signal).catch((err: unknown) => {
      throw listenFailure(err, opts.port) ?? err;
    });
    return app.ctx.signal.aborted ? ExitCode.INTERRUPTED : code;
  },
});

/** A port that cannot be had is a bad --port value (exit 2), not an unexpected error. */
function listenFailure(err: unknown, port: number): UsageError | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE') return new UsageError(`port ${port} is in use; try --port 0`, 'with --port 0 the simulator picks a free port and prints its URL');
  if (code === 'EACCES') return new UsageError(`port ${port} needs privileges this user does not have; try --port 0`);
  return undefined;
}
