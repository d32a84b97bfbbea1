import type { CommandRun } from '../../cli/app.js';
import { UsageError } from '../../cli/errors.js';
import type { Target } from '../../rollout/decide.js';
import { waitFlags } from './flags.js';
import { waitAndReport } from './wait-flow.js';

export const run: CommandRun = async (app, { args, opts }) => {
  const flags = waitFlags(opts, true);
  const client = await app.client();
  const id = await client.serverless.resolveId(String(args[0]), { signal: app.ctx.signal });
  const { container: c } = await client.serverless.get(id, { signal: app.ctx.signal });
  const name = c.name ?? id;
  const given = opts.generation as number | undefined;
  const observedAfter = opts.observedAfter as string | undefined;
  const latest = c.spec_generation ?? undefined;
  if (given !== undefined && latest !== undefined && given > latest)
    throw new UsageError(`generation ${given} of ${name} does not exist: its latest change is generation ${latest}`);
  const generation = given ?? latest;
  const target: Target = {
    ...(generation !== undefined ? { generation } : {}),
    ...(observedAfter !== undefined ? { baseline: { observed_at: observedAfter } } : {}),
  };
  return waitAndReport(app, client, { id, name, target }, { initial: c }, flags);
};
