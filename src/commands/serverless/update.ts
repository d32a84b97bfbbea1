import type { CommandRun } from '../../cli/app.js';
import { UsageError } from '../../cli/errors.js';
import { need } from '../../client/wire.js';
import { applyEnv, envEdits, specFields, waitFlags } from './flags.js';
import { afterChange, readBefore, targetOf } from './wait-flow.js';

const NOTHING_HINT = 'give at least one of --image, --env, --unset-env, --port, --min, --max, --profile; to roll out the same configuration again use: infra serverless redeploy <id>';

export const run: CommandRun = async (app, { args, opts }) => {
  const flags = waitFlags(opts);
  const change = specFields(opts);
  const edits = envEdits(opts);
  const editsEnv = edits.set.length > 0 || edits.unset.length > 0;
  if (Object.keys(change).length === 0 && !editsEnv) throw new UsageError('nothing to update', NOTHING_HINT);

  const client = await app.client();
  // The read before the change: the baseline of a wait without generations, and the current env.
  let { id, before, name } = await readBefore(app, client, String(args[0]));
  if (editsEnv) {
    // PUT replaces environment_variables as a whole (contract 12): read, edit, send all.
    if (before.environment_variables === undefined) before = (await client.serverless.get(id, { signal: app.ctx.signal })).container;
    const env = need(before.environment_variables, `GET /api/v1/serverless/${id}`, 'container.environment_variables') ;
    for (const k of edits.unset) if (!(k in env)) app.warn(`${k} is not set on ${name}; nothing to unset`);
    const next = applyEnv(env, edits);
    if (!sameRecord(env, next)) change.environment_variables = next;
    if (Object.keys(change).length === 0) throw new UsageError(`nothing to update: the environment of ${name} already is as requested`, NOTHING_HINT);
  }
  const updated = await client.serverless.update(id, change, { signal: app.ctx.signal });
  const c = updated.container;
  return afterChange(app, client, { id, name: c.name ?? name, target: targetOf(c, before), answer: updated, start: { initial: c }, verb: 'updated' }, flags);
};

function sameRecord(a: Record<string, string>, b: Record<string, string>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => b[k] === a[k]);
}
