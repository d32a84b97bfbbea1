import type { CommandRun } from '../../cli/app.js';
import { ExitCode } from '../../shared/exit-codes.js';

export const run: CommandRun = async (app, { opts }) => {
  const { serveSimulator } = await import('../../sim/cli.js');
  const code = await serveSimulator({ port: opts.port as number, speed: opts.speed as number, json: app.json, generations: opts.generations !== false }, app.ctx, app.ctx.signal);
  return app.ctx.signal.aborted ? ExitCode.INTERRUPTED : code;
};
